import { MONEY_LIMITS, POSTING_SUPPORT_STATUSES, PostingSupportStatus, PRODUCT_LIMITS, PRODUCT_STATES, ProductState, SHIPPING_TYPES, ShippingType } from '@oms/domain';
import { PRODUCT_SORT_COLUMNS, ProductSort } from '@oms/infra';
import { Transform } from 'class-transformer';
import { IsISO8601 } from 'class-validator';
import { KeysetPaged, PageQuery } from '../common/http/page.query';
import { Bool, Id, IdFilter, Int, ManyOf, Money, NotNull, OneOf, Optional, Printable, Required, SortOrder, Text, Version } from '../common/validation/rules';

const Price = () => Money(MONEY_LIMITS.priceMax);

/**
 * POST /products and PUT /products/{id} (SPEC.md §3, §5). `tax` and `price_with_tax` are not fields:
 * the API derives them from `price` and `tax_percentage` (a client-sent value is dropped).
 * The CSV import validates every row with this same class.
 */
export class ProductBody {
  @Required()
  @Text(PRODUCT_LIMITS.productCodeMax)
  @Printable()
  productCode!: string;

  @Optional()
  @Text(PRODUCT_LIMITS.ownProductCodeMax)
  @Printable()
  ownProductCode?: string | null;

  @Optional()
  @Text(PRODUCT_LIMITS.ecProductCodeMax)
  @Printable()
  ecProductCode?: string | null;

  @Optional()
  @Text(PRODUCT_LIMITS.makerProductCodeMax)
  @Printable()
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
  @Printable()
  productName!: string;

  @Optional()
  @Text(PRODUCT_LIMITS.categoryNameMax)
  @Printable()
  categoryName?: string | null;

  /** Price without tax. */
  @Required()
  @Price()
  price!: number;

  @Required()
  @Int(PRODUCT_LIMITS.taxPercentageMin, PRODUCT_LIMITS.taxPercentageMax)
  taxPercentage!: number;

  @Optional()
  @Price()
  wholesalePrice?: number | null;

  @Optional()
  @Text(PRODUCT_LIMITS.optionMax)
  @Printable()
  option1?: string | null;

  @Optional()
  @Text(PRODUCT_LIMITS.optionMax)
  @Printable()
  option2?: string | null;

  @Required()
  @OneOf(SHIPPING_TYPES)
  shippingType!: ShippingType;

  /** The shippable flag. */
  @NotNull()
  @Bool()
  availableShipment?: boolean;

  @Optional()
  @Text(PRODUCT_LIMITS.estimateShipDateMax)
  estimateShipDate?: string | null;

  @Optional()
  @Text(PRODUCT_LIMITS.deliveryCategoryMax)
  deliveryCategory?: string | null;

  @NotNull()
  @Bool()
  isDisplay?: boolean;

  @NotNull()
  @OneOf(POSTING_SUPPORT_STATUSES)
  postingSupportStatus?: PostingSupportStatus;

  @NotNull()
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
  @IdFilter()
  shopId?: number[];

  @Optional()
  @IdFilter()
  makerId?: number[];

  @Optional()
  @ManyOf(PRODUCT_STATES)
  state?: ProductState[];

  @Optional()
  @Bool()
  isDisplay?: boolean;
}

/** The list: its filters (those of the export), sort, and the keyset's cursors (common/http/page.query.ts KeysetPaged). */
export class ProductListQuery extends KeysetPaged(ProductFilterQuery) {
  @Optional()
  @OneOf(Object.keys(PRODUCT_SORT_COLUMNS))
  sort: ProductSort = 'product_code';

  @Optional()
  @SortOrder()
  order: SortOrder = 'asc';
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
