import type { CustomerEntity } from '@oms/infra';

/** What the area knows beside the row: shop names, group sizes, order counts. */
export interface CustomerExtras {
  shopNames: Map<string, string>;
  groupSizes: Map<string, number>;
  orderCounts: Map<string, number>;
}

export function customerView(c: CustomerEntity, extras: CustomerExtras) {
  return {
    id: Number(c.id),
    samePersonId: Number(c.samePersonId),
    /** Customers in the same-person group, this one included (1: nobody shares its e-mail or phone). */
    samePersonCount: extras.groupSizes.get(c.samePersonId) ?? 1,
    name: c.name,
    nameKana: c.nameKana,
    zip: c.zip,
    address: c.address,
    phone: c.phone,
    fax: c.fax,
    email: c.email,
    coreSystemCustomerId: c.coreSystemCustomerId,
    ecSiteId: c.ecSiteId,
    shopId: c.shopId === null ? null : Number(c.shopId),
    shopName: c.shopId === null ? null : (extras.shopNames.get(c.shopId) ?? null),
    companyName: c.companyName,
    csMemo: c.csMemo,
    generalMemo: c.generalMemo,
    /** 0 until orders exist: see CustomerRepository.orderCounts. */
    orderCount: extras.orderCounts.get(c.id) ?? 0,
    createdAt: c.createdAt,
    updatedAt: c.updatedAt,
    version: c.version,
  };
}

export type CustomerView = ReturnType<typeof customerView>;
