import { Id, Required } from '../validation/rules';

/** `:id` route parameters: a positive integer. */
export class IdParam {
  @Required()
  @Id()
  id!: number;
}
