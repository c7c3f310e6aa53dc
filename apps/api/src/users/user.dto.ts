import { USER_LIMITS, USER_STATUSES, UserStatus, Role, ROLES } from '@oms/domain';
import { USER_SORT_COLUMNS, UserSort } from '@oms/infra';
import { PageQuery } from '../common/http/page.query';
import { Bool, Email, Id, ManyOf, NotNull, OneOf, Optional, Required, SortOrder, Text, Version } from '../common/validation/rules';

/** POST /users and PUT /users/{id} (SPEC.md §5: email ≤ 255 and unique, name 2–100). */
export class UserBody {
  @Required()
  @Email(USER_LIMITS.emailMax)
  email!: string;

  @Required()
  @Text(USER_LIMITS.nameMax, USER_LIMITS.nameMin)
  name!: string;

  @Required()
  @OneOf(ROLES)
  role!: Role;

  @Optional()
  @Text(USER_LIMITS.companyNameMax)
  companyName?: string | null;

  @NotNull()
  @OneOf(USER_STATUSES)
  status?: UserStatus;

  @NotNull()
  @Bool()
  allowSocialLogin?: boolean;

  @Optional()
  @Id()
  makerId?: number | null;

  @Optional()
  @Text(USER_LIMITS.avatarUrlMax)
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
  @Text(USER_LIMITS.nameMax)
  name?: string;

  @Optional()
  @Text(USER_LIMITS.emailMax)
  email?: string;

  @Optional()
  @ManyOf(ROLES)
  role?: Role[];

  @Optional()
  @ManyOf(USER_STATUSES)
  status?: UserStatus[];

  @Optional()
  @OneOf(Object.keys(USER_SORT_COLUMNS))
  sort: UserSort = 'id';

  @Optional()
  @SortOrder()
  order: SortOrder = 'desc';
}
