import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { CustomerInquiryKind, CustomerInquiryMethod, CustomerInquiryState, earliestPickupDate, japanToday, NotFoundError, parseDate, PICKUP_SLOTS } from '@oms/domain';
import { CUSTOMER_INQUIRY_LIST_ORDERS, CustomerInquiryRepository, CustomerInquirySort } from '@oms/infra';
import { keysetPage, KeysetPagination, Page } from '../common/http/envelope';
import { pagePosition } from '../common/http/page.query';
import { CustomerInquiryListQuery } from './customer-inquiry.dto';
import { customerInquiryDetailView, CustomerInquiryDetailView, customerInquiryListView, CustomerInquiryListView } from './customer-inquiry.view';

/** How many of the customer's other inquiries and orders the detail shows. */
const RELATED_MAX = 20;

export class ListCustomerInquiries extends Query<Page<CustomerInquiryListView, KeysetPagination>> {
  constructor(readonly query: CustomerInquiryListQuery) {
    super();
  }
}

@QueryHandler(ListCustomerInquiries)
export class ListCustomerInquiriesHandler implements IQueryHandler<ListCustomerInquiries> {
  constructor(private readonly inquiries: CustomerInquiryRepository) {}

  async execute({ query }: ListCustomerInquiries) {
    const sort = (query.sort ?? 'received_at') as CustomerInquirySort;
    const filter = {
      states: query.state === undefined ? undefined : [query.state as CustomerInquiryState],
      method: query.method as CustomerInquiryMethod | undefined,
      kind: query.kind as CustomerInquiryKind | undefined,
      shopId: query.shopId === undefined ? undefined : String(query.shopId),
      personInChargeId: query.personInChargeId === undefined ? undefined : String(query.personInChargeId),
      customerId: query.customerId === undefined ? undefined : String(query.customerId),
      from: query.from ? parseDate(query.from)! : undefined,
      to: query.to ? parseDate(query.to)! : undefined,
      overdue: query.overdue === 1,
      keyword: query.keyword || undefined,
    };
    const found = await this.inquiries.list(filter, sort, pagePosition(query, CUSTOMER_INQUIRY_LIST_ORDERS[sort]), query.perPage);
    const now = new Date();
    return keysetPage(found.rows.map((r) => customerInquiryListView(r, now)), found, query.perPage);
  }
}

export class GetCustomerInquiry extends Query<CustomerInquiryDetailView> {
  constructor(readonly id: string) {
    super();
  }
}

/** One inquiry, with the customer's other inquiries and orders (the newest 20 of each). */
@QueryHandler(GetCustomerInquiry)
export class GetCustomerInquiryHandler implements IQueryHandler<GetCustomerInquiry> {
  constructor(private readonly inquiries: CustomerInquiryRepository) {}

  async execute({ id }: GetCustomerInquiry) {
    const inquiry = await this.inquiries.find(id);
    if (!inquiry) throw new NotFoundError('customer_inquiry');
    const [others, orders] = inquiry.customerId
      ? await Promise.all([this.inquiries.ofCustomer(inquiry.customerId, id, RELATED_MAX), this.inquiries.ordersOfCustomer(inquiry.customerId, RELATED_MAX)])
      : [[], []];
    return customerInquiryDetailView(inquiry, others, orders);
  }
}

export class GetFormOptions extends Query<ReturnType<typeof formOptionsView>> {}

function formOptionsView(shops: { id: string; name: string }[], earliestPickup: string) {
  return {
    shops: shops.map((s) => ({ id: Number(s.id), name: s.name })),
    /** The first pickup date the return form takes today (4 business days ahead). */
    earliestPickupDate: earliestPickup,
    /** Pickup time slots by number. */
    pickupSlots: Object.entries(PICKUP_SLOTS).map(([value, label]) => ({ value: Number(value), label })),
  };
}
export type FormOptionsView = ReturnType<typeof formOptionsView>;

/** GET /customer-inquiries/form-options (public): what the forms offer: the shops, the first pickup date, the slots. */
@QueryHandler(GetFormOptions)
export class GetFormOptionsHandler implements IQueryHandler<GetFormOptions> {
  constructor(private readonly inquiries: CustomerInquiryRepository) {}

  async execute() {
    const [shops, closing] = await Promise.all([this.inquiries.shops(), this.inquiries.closing()]);
    return formOptionsView(shops, earliestPickupDate(japanToday(), closing));
  }
}
