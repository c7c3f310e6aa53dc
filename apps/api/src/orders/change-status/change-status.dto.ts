import { LINE_STATUSES } from '@oms/domain';
import { Int, OneOf, Required } from '../../common/validation/rules';
import { batchBody, oneOrderBody } from '../order-selection.dto';

export class ChangeStatusFields {
  @Required()
  @OneOf(LINE_STATUSES)
  @Int()
  status!: number;
}

export class ChangeStatusBody extends oneOrderBody(ChangeStatusFields) {}
export class ChangeStatusBatchBody extends batchBody(ChangeStatusFields) {}
