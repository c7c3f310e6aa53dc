import type { Role } from '../access/role';
import type { ChatSide } from '../conversations/conversation';
import type { ApprovalStep } from '../estimates/estimate';
import type { SheetReason } from '../maker-side/order-sheet';

/**
 * Every event a command writes to the outbox, by type: the aggregate it belongs to and what it
 * carries. Types are past-tense and dotted. Only facts a worker acts on are events (each is routed
 * to a queue: `EVENT_ROUTES` in libs/infra); what else happens to an order is in its status history
 * (docs/decisions.md "Events").
 */
export interface DomainEventCatalogue {
  /** A staff account was registered: the welcome mail. */
  'account.created': { aggregate: 'account'; payload: { accountId: string; email: string; name: string; role: Role } };
  /** A shop's settings were saved: its reminder schedules follow them. */
  'shop.saved': { aggregate: 'shop'; payload: { shopId: string } };
  /** A shop's platform connection was saved or authorized: its import schedule follows. */
  'shop_connection.saved': { aggregate: 'shop_connection'; payload: { shopId: string } };
  /** Lines were ordered from one maker: its order sheet. */
  'order.sent_to_maker': { aggregate: 'order'; payload: { orderId: string; makerId: string; lineIds: string[] } };
  /** Staff asked for a maker's sheet again (resend, or release of a held one). */
  'order.sheet_requested': {
    aggregate: 'order';
    payload: { orderId: string; makerId: string; lineIds: string[]; reason: Exclude<SheetReason, 'ordered'>; requestedBy: string };
  };
  /** One maker's lines shipped, with the delivery info they went with: the buyer's shipment notice. */
  'order.shipped': {
    aggregate: 'order';
    payload: { orderId: string; makerId: string; lineIds: string[]; shipDate: string | null; deliveryCompanyId: string | null; trackingCode: string | null };
  };
  /** A command changed an order with sold lines (shipped, returned, re-shipped, its sales month…): its revenue record follows. */
  'order.revenue_changed': { aggregate: 'order'; payload: { orderId: string } };
  /** An estimate waits for a step (approve or stamp): a link to everyone who may take it. `requestId` is the history row that asked. */
  'estimate.approval_requested': { aggregate: 'estimate'; payload: { estimateId: string; revision: number; step: ApprovalStep; requestId: string } };
  /** A bank file was uploaded (or its matching asked again): the workers match its pending records against the unpaid orders. */
  'deposit.uploaded': { aggregate: 'deposit'; payload: { depositId: string } };
  /** A message was posted in a thread: the other side is mailed, a burst of messages in one digest. */
  'conversation.message_posted': { aggregate: 'conversation'; payload: { conversationId: string; messageId: string; authorSide: ChatSide } };
  /** A customer inquiry arrived through a public form: the customer's acknowledgement (in the form's language) and staff's notice. */
  'customer_inquiry.received': { aggregate: 'customer_inquiry'; payload: { inquiryId: string } };
}

export type DomainEventType = keyof DomainEventCatalogue;
export type EventPayload<T extends DomainEventType> = DomainEventCatalogue[T]['payload'];
export type EventAggregate<T extends DomainEventType> = DomainEventCatalogue[T]['aggregate'];

/** One event of the catalogue: a union over the types, so that a type and its payload always match. */
export type DomainEvent<T extends DomainEventType = DomainEventType> = {
  [K in T]: { readonly type: K; readonly aggregateType: EventAggregate<K>; readonly aggregateId: string; readonly payload: EventPayload<K> };
}[T];

// The catalogue at run time; the annotation makes a type missing here, or one not in the catalogue, fail to compile.
const AGGREGATE_OF: { readonly [T in DomainEventType]: EventAggregate<T> } = {
  'account.created': 'account',
  'shop.saved': 'shop',
  'shop_connection.saved': 'shop_connection',
  'order.sent_to_maker': 'order',
  'order.sheet_requested': 'order',
  'order.shipped': 'order',
  'order.revenue_changed': 'order',
  'estimate.approval_requested': 'estimate',
  'deposit.uploaded': 'deposit',
  'conversation.message_posted': 'conversation',
  'customer_inquiry.received': 'customer_inquiry',
};

export const DOMAIN_EVENT_TYPES: readonly DomainEventType[] = Object.freeze(Object.keys(AGGREGATE_OF) as DomainEventType[]);

export function isDomainEventType(type: string): type is DomainEventType {
  return Object.prototype.hasOwnProperty.call(AGGREGATE_OF, type);
}

/** An event of the catalogue, its aggregate type filled in from its type. */
export function domainEvent<T extends DomainEventType>(type: T, aggregateId: string, payload: EventPayload<T>): DomainEvent<T> {
  // TypeScript cannot follow one T through the mapped union; the signature is what callers are held to.
  return { type, aggregateType: AGGREGATE_OF[type], aggregateId, payload } as unknown as DomainEvent<T>;
}
