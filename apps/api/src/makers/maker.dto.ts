import { MAKER_LIMITS, MAKER_STATUSES, MakerStatus, ORDER_METHODS, OrderMethod } from '@oms/domain';
import { MAKER_SORT_COLUMNS, MakerSort } from '@oms/infra';
import { PageQuery } from '../common/http/page.query';
import { Email, ManyOf, NotNull, OneOf, Optional, PhoneNumber, Printable, Required, SortOrder, Text, Version } from '../common/validation/rules';

/** POST /makers and PUT /makers/{id} (SPEC.md §5: code ≤ 30 unique, name ≤ 100, phone/fax ≤ 15, email ≤ 100, address ≤ 100). */
export class MakerBody {
  @Required()
  @Text(MAKER_LIMITS.codeMax)
  @Printable()
  code!: string;

  @Required()
  @Text(MAKER_LIMITS.nameMax)
  @Printable()
  name!: string;

  @Optional()
  @Text(MAKER_LIMITS.productCodesMax)
  productCodes?: string | null;

  @Optional()
  @Text(MAKER_LIMITS.phoneMax)
  @PhoneNumber()
  phone?: string | null;

  @Optional()
  @Text(MAKER_LIMITS.faxMax)
  @PhoneNumber()
  fax?: string | null;

  @Optional()
  @Email(MAKER_LIMITS.emailMax)
  email?: string | null;

  @Optional()
  @Text(MAKER_LIMITS.addressMax)
  @Printable()
  address?: string | null;

  @Required()
  @OneOf(ORDER_METHODS)
  orderMethod!: OrderMethod;

  @NotNull()
  @OneOf(MAKER_STATUSES)
  status?: MakerStatus;

  @Optional()
  @Text(MAKER_LIMITS.memoMax)
  memo?: string | null;
}

export class UpdateMakerBody extends MakerBody {
  @Required()
  @Version()
  version!: number;
}

export class MakerListQuery extends PageQuery {
  @Optional()
  @Text(100)
  keyword?: string;

  @Optional()
  @ManyOf(MAKER_STATUSES)
  status?: MakerStatus[];

  @Optional()
  @ManyOf(ORDER_METHODS)
  orderMethod?: OrderMethod[];

  @Optional()
  @OneOf(Object.keys(MAKER_SORT_COLUMNS))
  sort: MakerSort = 'code';

  @Optional()
  @SortOrder()
  order: SortOrder = 'asc';
}
