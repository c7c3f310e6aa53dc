import { ORDER_LIMITS } from '@oms/domain';
import { DateText, Id, Optional, Printable, Text } from '../../common/validation/rules';
import { batchBody, oneOrderBody } from '../order-selection.dto';

export class MakerShipFields {
  @Optional()
  @DateText()
  shipDate?: DateText;

  @Optional()
  @Id()
  deliveryCompanyId?: number;

  @Optional()
  @Text(ORDER_LIMITS.trackingCode)
  @Printable()
  trackingCode?: string;
}

export class MakerShipBody extends oneOrderBody(MakerShipFields) {}
export class MakerShipBatchBody extends batchBody(MakerShipFields) {}
