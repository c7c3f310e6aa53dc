import { MAKER_CONFIRM_STATUS, ORDER_LIMITS } from '@oms/domain';
import { DateText, Int, OneOf, Optional, Required, Text } from '../../common/validation/rules';
import { batchBody, oneOrderBody } from '../order-selection.dto';

export class MakerReceiveFields {
  @Required()
  @DateText()
  makerReceiveDate!: DateText;

  @Required()
  @OneOf(Object.values(MAKER_CONFIRM_STATUS))
  @Int()
  confirmStatus!: 1 | 2 | 3;

  @Optional()
  @Text(ORDER_LIMITS.refusalReason)
  refusalReason?: string | null;

  @Optional()
  @DateText()
  estimatedShipDate?: DateText | null;
}

export class MakerReceiveBody extends oneOrderBody(MakerReceiveFields) {}
export class MakerReceiveBatchBody extends batchBody(MakerReceiveFields) {}
