import { applyDecorators } from '@nestjs/common';
import { CUSTOMER_LIMITS } from '@oms/domain';
import { CUSTOMER_SORT_COLUMNS, CustomerSort } from '@oms/infra';
import { ArrayMaxSize, ArrayNotEmpty, IsArray, IsInt, Max, Min } from 'class-validator';
import { KeysetPageQuery } from '../common/http/page.query';
import { AsId, Email, Id, Katakana, OneOf, Optional, PhoneNumber, Postcode, Printable, Required, rule, SortOrder, Text, Version } from '../common/validation/rules';

/** A customer's phone or fax: a Japanese number (full-width digits as pasted from mails are taken); duplicates are compared on the normalised number. */
const CustomerPhone = (max: number) => applyDecorators(Text(max), PhoneNumber());

/** A postal code, `1234567` or `123-4567` (〒 left out), stored as `123-4567`. */
const Zip = (max: number) => applyDecorators(Text(max), Postcode());

/** PUT /customers/{id}: every field of a customer but the general memo, which the same-person group shares. */
export class CustomerFields {
  @Required()
  @Text(CUSTOMER_LIMITS.nameMax)
  @Printable()
  name!: string;

  @Optional()
  @Text(CUSTOMER_LIMITS.nameKanaMax)
  @Katakana()
  nameKana?: string | null;

  @Optional()
  @Zip(CUSTOMER_LIMITS.zipMax)
  zip?: string | null;

  @Optional()
  @Text(CUSTOMER_LIMITS.addressMax)
  @Printable()
  address?: string | null;

  @Optional()
  @CustomerPhone(CUSTOMER_LIMITS.phoneMax)
  phone?: string | null;

  @Optional()
  @CustomerPhone(CUSTOMER_LIMITS.faxMax)
  fax?: string | null;

  @Optional()
  @Email(CUSTOMER_LIMITS.emailMax)
  email?: string | null;

  @Optional()
  @Text(CUSTOMER_LIMITS.coreSystemCustomerIdMax)
  coreSystemCustomerId?: string | null;

  @Optional()
  @Text(CUSTOMER_LIMITS.ecSiteIdMax)
  ecSiteId?: string | null;

  @Optional()
  @Id()
  shopId?: number | null;

  @Optional()
  @Text(CUSTOMER_LIMITS.companyNameMax)
  @Printable()
  companyName?: string | null;

  @Optional()
  @Text(CUSTOMER_LIMITS.csMemoMax)
  csMemo?: string | null;
}

/** POST /customers: the fields, and a first general memo. */
export class CreateCustomerBody extends CustomerFields {
  @Optional()
  @Text(CUSTOMER_LIMITS.generalMemoMax)
  generalMemo?: string | null;
}

export class UpdateCustomerBody extends CustomerFields {
  @Required()
  @Version()
  version!: number;
}

/** PUT /customers/{customerId}/same-email-and-phone: the memo shared by the whole same-person group. */
export class GeneralMemoBody {
  @Optional()
  @Text(CUSTOMER_LIMITS.generalMemoMax)
  generalMemo?: string | null;
}

/** POST /customers/export: the customers selected in the console (SPEC.md §5: at least one). */
export class ExportCustomersBody {
  // Decorators run bottom-up and the first failing rule is the one answered: "nothing selected" first.
  @Max(Number.MAX_SAFE_INTEGER, rule('max', { max: Number.MAX_SAFE_INTEGER }, true))
  @Min(1, rule('min', { min: 1 }, true))
  @IsInt(rule('integer', undefined, true))
  @AsId()
  @ArrayMaxSize(CUSTOMER_LIMITS.exportMax, rule('max', { max: CUSTOMER_LIMITS.exportMax }))
  @ArrayNotEmpty(rule('NAL-CTM-001'))
  @IsArray(rule('NAL-CTM-001'))
  customerIds!: number[];
}

export class CustomerIdParam {
  @Required()
  @Id()
  customerId!: number;
}

export class CustomerListQuery extends KeysetPageQuery {
  @Optional()
  @Text(100)
  name?: string;

  @Optional()
  @Text(100)
  nameKana?: string;

  @Optional()
  @Text(100)
  phone?: string;

  @Optional()
  @Text(100)
  email?: string;

  @Optional()
  @Text(100)
  companyName?: string;

  @Optional()
  @Text(50)
  ecSiteId?: string;

  @Optional()
  @Id()
  shopId?: number;

  @Optional()
  @Id()
  samePersonId?: number;

  @Optional()
  @OneOf(Object.keys(CUSTOMER_SORT_COLUMNS))
  sort: CustomerSort = 'id';

  @Optional()
  @SortOrder()
  order: SortOrder = 'desc';
}
