import { Id, Required } from '../validation/rules';

/** `:id` route parameters: a positive integer. */
export class IdParam {
  @Required()
  @Id()
  id!: number;
}

/** `:orderId` route parameters (DESIGN.md names them so on the order routes): a positive integer. */
export class OrderIdParam {
  @Required()
  @Id()
  orderId!: number;
}
