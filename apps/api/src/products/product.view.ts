import { makerCodeOrProductId } from '@oms/domain';
import type { ProductChangeRow, ProductRow } from '@oms/infra';

export function productView(p: ProductRow) {
  return {
    id: Number(p.id),
    productCode: p.productCode,
    ownProductCode: p.ownProductCode,
    ecProductCode: p.ecProductCode,
    makerProductCode: p.makerProductCode,
    makerCodeOrProductId: makerCodeOrProductId(p),
    shopId: Number(p.shopId),
    shopName: p.shopName,
    shopCode: p.shopCode,
    shopType: p.shopType,
    shopProductId: p.shopProductId,
    makerId: Number(p.makerId),
    makerName: p.makerName,
    makerCode: p.makerCode,
    productName: p.productName,
    categoryName: p.categoryName,
    price: p.price,
    taxPercentage: p.taxPercentage,
    tax: p.tax,
    priceWithTax: p.priceWithTax,
    wholesalePrice: p.wholesalePrice,
    option1: p.option1,
    option2: p.option2,
    shippingType: p.shippingType,
    availableShipment: p.availableShipment,
    estimateShipDate: p.estimateShipDate,
    deliveryCategory: p.deliveryCategory,
    isDisplay: p.isDisplay,
    postingSupportStatus: p.postingSupportStatus,
    state: p.state,
    lastChangedAt: p.lastChangedAt,
    createdAt: p.createdAt,
    updatedAt: p.updatedAt,
    version: p.version,
  };
}

export type ProductView = ReturnType<typeof productView>;

export function productChangeView(c: ProductChangeRow) {
  return {
    id: Number(c.id),
    productId: Number(c.productId),
    productCode: c.productCode,
    productName: c.productName,
    field: c.field,
    from: c.fromValue,
    to: c.toValue,
    changedBy: c.changedBy === null ? null : { id: Number(c.changedBy), name: c.changedByName },
    changedAt: c.changedAt,
  };
}

export type ProductChangeView = ReturnType<typeof productChangeView>;
