import { applyDecorators } from '@nestjs/common';
import { POSTING_SUPPORT_STATUSES, PostingSupportStatus, PRODUCT_LIMITS, PRODUCT_STATES, ProductState, SHIPPING_TYPES, ShippingType } from '@oms/domain';
import { PRODUCT_SORT_COLUMNS, ProductSort } from '@oms/infra';
import { Transform } from 'class-transformer';
import { IsBoolean, IsInt, IsISO8601, Min } from 'class-validator';
import { PageQuery } from '../common/http/page.query';
import { Id, Int, ManyOf, OneOf, Optional, Required, Text, Version } from '../common/validation/rules';

// Rules the shared rule set does not have yet, built the same way (the wire's rule key as context).
const invalid = { context: { errorCode: 'invalid' } };
/** true or false (JSON); in a query string also `true`/`false`/`1`/`0`. */
const Bool = () =>
  applyDecorators(
    Transform(({ value }) => (value === 'true' || value === '1' ? true : value === 'false' || value === '0' ? false : value)),
    IsBoolean(invalid),
  );
/** One id or several (`shop_id=1&shop_id=2`), as numbers. */
const Ids = () =>
  applyDecorators(
    Transform(({ value }) => (value === undefined ? value : (Array.isArray(value) ? value : [value]).map((v) => (v === '' ? NaN : Number(v))))),
    IsInt({ each: true, context: { errorCode: 'integer' } }),
    Min(1, { each: true, context: { errorCode: 'min', params: { min: 1 } } }),
  );
const Money = () => Int(PRODUCT_LIMITS.moneyMin, PRODUCT_LIMITS.moneyMax);

/**
 * POST /products and PUT /products/{id} (SPEC.md §3, §5). `tax` and `price_with_tax` are not fields:
 * the API derives them from `price` and `tax_percentage` (a client-sent value is dropped).
 * The CSV import validates every row with this same class.
 */
export class ProductBody {
  @Required()
  @Text(PRODUCT_LIMITS.productCodeMax)
  productCode!: string;

  @Optional()
  @Text(PRODUCT_LIMITS.ownProductCodeMax)
  ownProductCode?: string | null;

  @Optional()
  @Text(PRODUCT_LIMITS.ecProductCodeMax)
  ecProductCode?: string | null;

  @Optional()
  @Text(PRODUCT_LIMITS.makerProductCodeMax)
  makerProductCode?: string | null;

  @Required()
  @Id()
  shopId!: number;

  /** Digits per the shop's platform (12 or 9): checked with the shop, see shopProductIdIssues. */
  @Optional()
  @Text(100)
  shopProductId?: string | null;

  @Required()
  @Id()
  makerId!: number;

  @Required()
  @Text(PRODUCT_LIMITS.productNameMax)
  productName!: string;

  @Optional()
  @Text(PRODUCT_LIMITS.categoryNameMax)
  categoryName?: string | null;

  /** Price without tax. */
  @Required()
  @Money()
  price!: number;

  @Required()
  @Int(PRODUCT_LIMITS.taxPercentageMin, PRODUCT_LIMITS.taxPercentageMax)
  taxPercentage!: number;

  @Optional()
  @Money()
  wholesalePrice?: number | null;

  @Optional()
  @Text(PRODUCT_LIMITS.optionMax)
  option1?: string | null;

  @Optional()
  @Text(PRODUCT_LIMITS.optionMax)
  option2?: string | null;

  @Required()
  @OneOf(SHIPPING_TYPES)
  shippingType!: ShippingType;

  /** The shippable flag. */
  @Optional()
  @Bool()
  availableShipment?: boolean;

  @Optional()
  @Text(PRODUCT_LIMITS.estimateShipDateMax)
  estimateShipDate?: string | null;

  @Optional()
  @Text(PRODUCT_LIMITS.deliveryCategoryMax)
  deliveryCategory?: string | null;

  @Optional()
  @Bool()
  isDisplay?: boolean;

  @Optional()
  @OneOf(POSTING_SUPPORT_STATUSES)
  postingSupportStatus?: PostingSupportStatus;

  @Optional()
  @OneOf(PRODUCT_STATES)
  state?: ProductState;
}

/** PUT: the version last read; a field left out keeps its value (null clears an optional one). */
export class UpdateProductBody extends ProductBody {
  @Required()
  @Version()
  version!: number;
}

/** The list's filters, also those of the export. */
export class ProductFilterQuery extends PageQuery {
  @Optional()
  @Text(100)
  keyword?: string;

  @Optional()
  @Ids()
  shopId?: number[];

  @Optional()
  @Ids()
  makerId?: number[];

  @Optional()
  @ManyOf(PRODUCT_STATES)
  state?: ProductState[];

  @Optional()
  @Bool()
  isDisplay?: boolean;
}

export class ProductListQuery extends ProductFilterQuery {
  @Optional()
  @OneOf(Object.keys(PRODUCT_SORT_COLUMNS))
  sort: ProductSort = 'product_code';

  @Optional()
  @Transform(({ value }) => String(value).toLowerCase())
  @OneOf(['asc', 'desc'])
  order: 'asc' | 'desc' = 'asc';
}

export const EXPORT_ENCODINGS = ['utf-8', 'shift_jis'] as const;

export class ProductExportQuery extends ProductFilterQuery {
  @Optional()
  @Transform(({ value }) => (typeof value === 'string' ? value.toLowerCase().replace('utf8', 'utf-8') : value))
  @OneOf(EXPORT_ENCODINGS)
  encoding: (typeof EXPORT_ENCODINGS)[number] = 'utf-8';
}

export class ProductChangesQuery {
  /** From when (ISO 8601 date or date-time); the last 7 days when left out. */
  @Optional()
  @IsISO8601({}, { context: { errorCode: 'date_format' } })
  since?: string;
}
