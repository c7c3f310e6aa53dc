import type { Role } from '@oms/domain';
import type { BodyOf, Wire } from '../../../api/wire';

/** An account as the API answers it (camelCase after the client's conversion). */
export type User = Wire<'UserView'>;

/** What the account form sends (POST /users; PUT adds the version). */
export type UserInput = Required<Pick<BodyOf<'/users', 'post'>, 'name' | 'email' | 'role' | 'companyName' | 'status' | 'allowSocialLogin' | 'makerId'>>;

/** Only a system administrator may manage system administrator accounts or give the role (NAL-USER-003). */
export const SYSTEM_ADMIN = 'system_admin' satisfies Role;

export { USER_STATUSES as STATUSES, ROLES } from '@oms/domain';
