import { DOMAIN_EVENT_TYPES, domainEvent, DomainEvent, DomainEventType, EventPayload, isDomainEventType } from './domain-event';

/** One sample event per type: the record's keys are checked against the catalogue by the compiler. */
const SAMPLES: { [T in DomainEventType]: DomainEvent<T> } = {
  'account.created': domainEvent('account.created', '7', { accountId: '7', email: 'a@example.jp', name: '山田 太郎', role: 'operator' }),
  'shop.saved': domainEvent('shop.saved', '3', { shopId: '3' }),
  'shop_connection.saved': domainEvent('shop_connection.saved', '1', { shopId: '1' }),
  'order.sent_to_maker': domainEvent('order.sent_to_maker', '1', { orderId: '1', makerId: '10', lineIds: ['L1'] }),
  'order.sheet_requested': domainEvent('order.sheet_requested', '1', { orderId: '1', makerId: '10', lineIds: ['L1'], reason: 'resend', requestedBy: '5' }),
  'order.shipped': domainEvent('order.shipped', '1', { orderId: '1', makerId: '10', lineIds: ['L1'], shipDate: '2026-11-22', deliveryCompanyId: '2', trackingCode: '1234' }),
  'order.revenue_changed': domainEvent('order.revenue_changed', '1', { orderId: '1' }),
  'estimate.approval_requested': domainEvent('estimate.approval_requested', '4', { estimateId: '4', revision: 1, step: 'approve', requestId: '9' }),
  'deposit.uploaded': domainEvent('deposit.uploaded', '6', { depositId: '6' }),
  'conversation.message_posted': domainEvent('conversation.message_posted', '9', { conversationId: '9', messageId: '12', authorSide: 'staff' }),
  'customer_inquiry.received': domainEvent('customer_inquiry.received', '4', { inquiryId: '4' }),
};

describe('the domain events catalogue', () => {
  it('lists every type once, as the catalogue names them', () => {
    expect([...DOMAIN_EVENT_TYPES].sort()).toEqual(Object.keys(SAMPLES).sort());
    expect(new Set(DOMAIN_EVENT_TYPES).size).toBe(DOMAIN_EVENT_TYPES.length);
    for (const type of DOMAIN_EVENT_TYPES) expect(type).toMatch(/^[a-z][a-z_]*\.[a-z_]+$/);
  });

  it('knows its own types and no other', () => {
    for (const type of DOMAIN_EVENT_TYPES) expect(isDomainEventType(type)).toBe(true);
    // The types orders wrote before that no worker consumed are no events any more (their record is the status history).
    for (const retired of ['order.created', 'order.payment_confirmed', 'order.maker_received', 'order.cancelled', 'toString', '__proto__', '']) {
      expect(isDomainEventType(retired)).toBe(false);
    }
  });

  it.each(Object.values(SAMPLES))('fills in the aggregate of $type', (event) => {
    expect(event.aggregateType).toBe(event.type.split('.')[0]);
    expect(Object.keys(event).sort()).toEqual(['aggregateId', 'aggregateType', 'payload', 'type']);
  });

  it('holds a type to its payload at compile time', () => {
    const payload: EventPayload<'shop.saved'> = { shopId: '3' };
    // @ts-expect-error an event type that is not in the catalogue
    const unknown = domainEvent('order.created', '1', { orderId: '1' });
    // @ts-expect-error a payload of another type
    const wrongPayload = domainEvent('shop.saved', '1', { orderId: '1', makerId: '10', lineIds: [] });
    // @ts-expect-error a hand-made event whose aggregate is not its type's
    const wrongAggregate: DomainEvent = { type: 'shop.saved', aggregateType: 'order', aggregateId: '1', payload };
    // At run time the factory does not check: the compiler is the guard, and the outbox writer refuses unknown types.
    expect([unknown.type, wrongPayload.type, wrongAggregate.type]).toEqual(['order.created', 'shop.saved', 'shop.saved']);
  });
});
