import { Injectable } from '@nestjs/common';
import { CustomerEntity, CustomerRepository } from '@oms/infra';
import type { EntityManager } from 'typeorm';
import { customerView, CustomerView } from './customer.view';

/** Turns rows into views, with the shop names, group sizes and order counts of all of them at once. */
@Injectable()
export class CustomerViews {
  constructor(private readonly customers: CustomerRepository) {}

  async of(rows: CustomerEntity[], manager?: EntityManager): Promise<CustomerView[]> {
    const [shopNames, groupSizes, orderCounts] = await Promise.all([
      this.customers.shopNames(rows.map((r) => r.shopId), manager),
      this.customers.groupSizes(rows.map((r) => r.samePersonId), manager),
      this.customers.orderCounts(rows.map((r) => r.id)),
    ]);
    return rows.map((r) => customerView(r, { shopNames, groupSizes, orderCounts }));
  }

  async one(row: CustomerEntity, manager?: EntityManager): Promise<CustomerView> {
    return (await this.of([row], manager))[0];
  }
}
