/**
 * A fact that happened, recorded by a command and written to the outbox in the same
 * transaction as the change. Types are past-tense and dotted: `account.created`.
 */
export interface DomainEvent<TType extends string = string, TPayload extends object = object> {
  readonly type: TType;
  readonly aggregateType: string;
  readonly aggregateId: string;
  readonly payload: TPayload;
}
