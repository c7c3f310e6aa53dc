import { ORDER_LIMITS } from '@oms/domain';
import { Id, Ids, Required, Version } from '../../common/validation/rules';

/**
 * PUT /orders/paid names the order in the body, with its version as last read and the lines (its
 * batch is BatchBodyNoFields). Written out here rather than extending OrderSelection: the route reads whole in this folder.
 */
export class ConfirmPaymentBody {
  @Required()
  @Id()
  orderId!: number;

  @Required()
  @Version()
  version!: number;

  @Ids(ORDER_LIMITS.linesPerCommand)
  lineIds!: number[];
}
