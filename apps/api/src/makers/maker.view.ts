import type { MakerEntity } from '@oms/infra';

/** `forMaker`: a maker user reads its own record without the shop's staff memo (DESIGN.md §8). */
export function makerView(m: MakerEntity, forMaker = false) {
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
    memo: forMaker ? null : m.memo,
    createdAt: m.createdAt,
    updatedAt: m.updatedAt,
    version: m.version,
  };
}

export type MakerView = ReturnType<typeof makerView>;
