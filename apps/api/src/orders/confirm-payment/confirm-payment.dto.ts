import { Id, Required } from '../../common/validation/rules';
import { OrderSelection } from '../order-selection.dto';

/** PUT /orders/paid names the order in the body (its batch is BatchBodyNoFields). */
export class ConfirmPaymentBody extends OrderSelection {
  @Required()
  @Id()
  orderId!: number;
}
