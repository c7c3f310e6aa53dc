import { MAKER_LIMITS, MAKER_STATUSES, MakerStatus, ORDER_METHODS, OrderMethod } from '@oms/domain';
import { MAKER_SORT_COLUMNS, MakerSort } from '@oms/infra';
import { Transform } from 'class-transformer';
import { PageQuery } from '../common/http/page.query';
import { Email, ManyOf, OneOf, Optional, Phone, Required, Text, Version } from '../common/validation/rules';

/** POST /makers and PUT /makers/{id} (SPEC.md §5: code ≤ 30 unique, name ≤ 100, phone/fax ≤ 15, email ≤ 100, address ≤ 100). */
export class MakerBody {
  @Required()
  @Text(MAKER_LIMITS.codeMax)
  code!: string;

  @Required()
  @Text(MAKER_LIMITS.nameMax)
  name!: string;

  @Optional()
  @Text(MAKER_LIMITS.productCodesMax)
  productCodes?: string | null;

  @Optional()
  @Phone(MAKER_LIMITS.phoneMax)
  phone?: string | null;

  @Optional()
  @Phone(MAKER_LIMITS.faxMax)
  fax?: string | null;

  @Optional()
  @Email(MAKER_LIMITS.emailMax)
  email?: string | null;

  @Optional()
  @Text(MAKER_LIMITS.addressMax)
  address?: string | null;

  @Required()
  @OneOf(ORDER_METHODS)
  orderMethod!: OrderMethod;

  @Optional()
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
  @Transform(({ value }) => String(value).toLowerCase())
  @OneOf(['asc', 'desc'])
  order: 'asc' | 'desc' = 'asc';
}
