import { DOMAIN_EVENT_TYPES } from '@oms/domain';
import { EVENT_ROUTES, EventRouteTable, EventTypesRoutedTo, QUEUE_NAMES, unroutedEventTypes } from './queues';

describe('the route table of outbox events', () => {
  it('routes every event type of the domain, and no other, to at least one queue', () => {
    expect(Object.keys(EVENT_ROUTES).sort()).toEqual([...DOMAIN_EVENT_TYPES].sort());
    for (const type of DOMAIN_EVENT_TYPES) {
      expect(EVENT_ROUTES[type].length).toBeGreaterThan(0);
      for (const queue of EVENT_ROUTES[type]) expect(QUEUE_NAMES).toContain(queue);
    }
    expect(unroutedEventTypes()).toEqual([]);
  });

  it('routes events only to queues whose consumer is a workers processor', () => {
    // product-imports is the API's own queue, maintenance the scheduler's: an event there would find no handler.
    const routed = new Set(Object.values(EVENT_ROUTES).flat());
    expect([...routed].sort()).toEqual(['customer-mails', 'deposit-matching', 'estimate-mails', 'mail', 'order-sheets', 'reminders', 'revenues', 'conversation-mails', 'customer-inquiry-mails', 'shop-platform-sync'].sort());
  });

  it('names the types a table leaves without a queue (the relay then refuses to start)', () => {
    const { 'order.shipped': _shipped, ...withoutShipped } = EVENT_ROUTES;
    expect(unroutedEventTypes(withoutShipped)).toEqual(['order.shipped']);
    expect(unroutedEventTypes({ ...EVENT_ROUTES, 'shop.saved': [] })).toEqual(['shop.saved']);
  });

  it('is checked by the compiler: a missing type, an unknown type or an empty route does not compile', () => {
    const { 'order.shipped': _shipped, ...withoutShipped } = EVENT_ROUTES;
    // @ts-expect-error order.shipped has no route
    const missing: EventRouteTable = withoutShipped;
    // @ts-expect-error an event type the domain does not know
    const unknown: EventRouteTable = { ...EVENT_ROUTES, 'order.created': ['mail'] };
    // @ts-expect-error a type routed nowhere
    const empty: EventRouteTable = { ...EVENT_ROUTES, 'shop.saved': [] };
    // The queue's handlers are asked for by type: order-sheets takes both sheet events, and only those.
    const sheetTypes: EventTypesRoutedTo<'order-sheets'>[] = ['order.sent_to_maker', 'order.sheet_requested'];
    // @ts-expect-error order.shipped goes to customer-mails, not order-sheets
    const notSheets: EventTypesRoutedTo<'order-sheets'> = 'order.shipped';
    expect([missing, unknown, empty, sheetTypes, notSheets]).toHaveLength(5);
  });
});
