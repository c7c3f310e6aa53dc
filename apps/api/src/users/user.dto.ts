import { ACCOUNT_LIMITS, ACCOUNT_STATUSES, AccountStatus, Role, ROLES } from '@oms/domain';
import { USER_SORT_COLUMNS, UserSort } from '@oms/infra';
import { PageQuery } from '../common/http/page.query';
import { Bool, Email, Id, ManyOf, NotNull, OneOf, Optional, Required, SortOrder, Text, Version } from '../common/validation/rules';

/** POST /users and PUT /users/{id} (SPEC.md §5: email ≤ 255 and unique, name 2–100). */
export class UserBody {
  @Required()
  @Email(ACCOUNT_LIMITS.emailMax)
  email!: string;

  @Required()
  @Text(ACCOUNT_LIMITS.nameMax, ACCOUNT_LIMITS.nameMin)
  name!: string;

  @Required()
  @OneOf(ROLES)
  role!: Role;

  @Optional()
  @Text(ACCOUNT_LIMITS.companyNameMax)
  companyName?: string | null;

  @NotNull()
  @OneOf(ACCOUNT_STATUSES)
  status?: AccountStatus;

  @NotNull()
  @Bool()
  allowSocialLogin?: boolean;

  @Optional()
  @Id()
  makerId?: number | null;

  @Optional()
  @Text(ACCOUNT_LIMITS.avatarUrlMax)
  avatar?: string | null;
}

export class UpdateUserBody extends UserBody {
  /** The version the client last read; a stale one is refused (NAL-USER-006). */
  @Required()
  @Version()
  version!: number;
}

export class UserListQuery extends PageQuery {
  @Optional()
  @Text(100)
  name?: string;

  @Optional()
  @Text(255)
  email?: string;

  @Optional()
  @ManyOf(ROLES)
  role?: Role[];

  @Optional()
  @ManyOf(ACCOUNT_STATUSES)
  status?: AccountStatus[];

  @Optional()
  @OneOf(Object.keys(USER_SORT_COLUMNS))
  sort: UserSort = 'id';

  @Optional()
  @SortOrder()
  order: SortOrder = 'desc';
}
