/** An account as the API answers it (camelCase after the client's conversion). */
export interface Account {
  id: number;
  name: string;
  email: string;
  role: string;
  companyName: string | null;
  status: 'valid' | 'invalid';
  allowSocialLogin: boolean;
  makerId: number | null;
  avatar: string | null;
  lastLogin: string | null;
  createdAt: string;
  updatedAt: string;
  version: number;
}

export type AccountInput = Pick<Account, 'name' | 'email' | 'role' | 'companyName' | 'status' | 'allowSocialLogin' | 'makerId'>;

/** Only a system administrator may manage system administrator accounts or give the role (NAL-USER-003). */
export const SYSTEM_ADMIN = 'system_admin';

export { ACCOUNT_STATUSES as STATUSES, ROLES } from '@oms/domain';
