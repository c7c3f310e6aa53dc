import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { normalizeEmail, normalizePhone, NotFoundError } from '@oms/domain';
import { CustomerEntity, customerListKeyset, CustomerRepository } from '@oms/infra';
import { keysetPage, KeysetPagination, Page } from '../common/http/envelope';
import { pagePosition } from '../common/http/page.query';
import { CustomerListQuery } from './customer.dto';
import { CustomerView } from './customer.view';
import { CustomerViews } from './customer-views';

/** The same-person group of a customer: every member (the customer included) and the shared general memo. */
export function samePersonView(customerId: string, members: CustomerEntity[], views: CustomerView[]) {
  const self = members.find((c) => c.id === customerId);
  return {
    customerId: Number(customerId),
    samePersonId: Number(self?.samePersonId ?? customerId),
    generalMemo: self?.generalMemo ?? null,
    customers: views,
  };
}

export type SamePersonView = ReturnType<typeof samePersonView>;

export class ListCustomers extends Query<Page<CustomerView, KeysetPagination>> {
  constructor(readonly query: CustomerListQuery) {
    super();
  }
}

export class GetCustomer extends Query<CustomerView> {
  constructor(readonly id: string) {
    super();
  }
}

export class CustomerOptions extends Query<{ id: number; name: string }[]> {}

export class GetSamePerson extends Query<SamePersonView> {
  constructor(readonly customerId: string) {
    super();
  }
}

@QueryHandler(ListCustomers)
export class ListCustomersHandler implements IQueryHandler<ListCustomers> {
  constructor(private readonly customers: CustomerRepository, private readonly views: CustomerViews) {}

  async execute({ query: q }: ListCustomers): Promise<Page<CustomerView, KeysetPagination>> {
    const order = customerListKeyset(q.sort, q.order === 'desc');
    const found = await this.customers.list(
      {
        name: q.name,
        nameKana: q.nameKana,
        phoneNormalized: normalizePhone(q.phone) ?? undefined,
        emailNormalized: normalizeEmail(q.email) ?? undefined,
        companyName: q.companyName,
        ecSiteId: q.ecSiteId,
        shopId: q.shopId ? String(q.shopId) : undefined,
        samePersonId: q.samePersonId ? String(q.samePersonId) : undefined,
      },
      order,
      pagePosition(q, order),
      q.perPage,
    );
    return keysetPage(await this.views.of(found.rows), found, q.perPage);
  }
}

@QueryHandler(GetCustomer)
export class GetCustomerHandler implements IQueryHandler<GetCustomer> {
  constructor(private readonly customers: CustomerRepository, private readonly views: CustomerViews) {}

  async execute({ id }: GetCustomer): Promise<CustomerView> {
    const customer = await this.customers.findById(id);
    if (!customer) throw new NotFoundError('customer');
    return this.views.one(customer);
  }
}

@QueryHandler(CustomerOptions)
export class CustomerOptionsHandler implements IQueryHandler<CustomerOptions> {
  constructor(private readonly customers: CustomerRepository) {}

  async execute() {
    return (await this.customers.options()).map((c) => ({ id: Number(c.id), name: c.name }));
  }
}

@QueryHandler(GetSamePerson)
export class GetSamePersonHandler implements IQueryHandler<GetSamePerson> {
  constructor(private readonly customers: CustomerRepository, private readonly views: CustomerViews) {}

  async execute({ customerId }: GetSamePerson): Promise<SamePersonView> {
    const customer = await this.customers.findById(customerId);
    if (!customer) throw new NotFoundError('customer');
    const members = await this.customers.group(customer.samePersonId);
    return samePersonView(customerId, members, await this.views.of(members));
  }
}

