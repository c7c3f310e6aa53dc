import { IsDefined } from 'class-validator';
import { batchBody, Fee, oneOrderBody } from '../order-selection.dto';

export class CancelFields {
  @IsDefined({ context: { errorCode: 'required' } })
  @Fee()
  shippingFee!: number;

  @IsDefined({ context: { errorCode: 'required' } })
  @Fee()
  fee!: number;
}

export class CancelBody extends oneOrderBody(CancelFields) {}
export class CancelBatchBody extends batchBody(CancelFields) {}
