import type { UserEntity } from '@oms/infra';

/** An account as the wire shows it (camelCase here; snake_case on the wire). */
export function userView(u: UserEntity) {
  return {
    id: Number(u.id),
    name: u.name,
    email: u.email,
    role: u.role,
    companyName: u.companyName,
    status: u.status,
    allowSocialLogin: u.allowSocialLogin,
    makerId: u.makerId === null ? null : Number(u.makerId),
    avatar: u.avatarUrl,
    lastLogin: u.lastLoginAt,
    createdAt: u.createdAt,
    updatedAt: u.updatedAt,
    version: u.version,
  };
}

export type UserView = ReturnType<typeof userView>;
