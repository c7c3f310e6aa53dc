import type { MakerEntity } from '@oms/infra';

export function makerView(m: MakerEntity) {
  return {
    id: Number(m.id),
    code: m.code,
    name: m.name,
    productCodes: m.productCodes,
    phone: m.phone,
    fax: m.fax,
    email: m.email,
    address: m.address,
    orderMethod: m.orderMethod,
    status: m.status,
    memo: m.memo,
    createdAt: m.createdAt,
    updatedAt: m.updatedAt,
    version: m.version,
  };
}

export type MakerView = ReturnType<typeof makerView>;
