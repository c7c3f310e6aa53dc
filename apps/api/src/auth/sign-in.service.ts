import { Inject, Injectable } from '@nestjs/common';
import { DomainError, socialSignInRefusal } from '@oms/domain';
import { APP_CONFIG, AppConfig, SessionRepository, UserEntity, UserRepository } from '@oms/infra';
import type { ProviderIdentity } from './strategies/run-strategy';
import { TokensService } from './tokens.service';

export interface Session {
  accessToken: string;
  expiresIn: number;
  refreshToken: string;
}

/** Opens, renews and ends sessions: an access token for the bearer header, a refresh token for the cookie. */
@Injectable()
export class SignInService {
  constructor(
    private readonly users: UserRepository,
    private readonly sessions: SessionRepository,
    private readonly tokens: TokensService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async withProvider(identity: ProviderIdentity): Promise<Session> {
    const user = await this.users.findByEmail(identity.email);
    const refusal = socialSignInRefusal(user);
    if (refusal) throw new DomainError(refusal);
    return this.open(user!);
  }

  /** A one-time token (from `npm run cli -- sign-in-token`) for accounts that cannot use a social provider. */
  async withSignInToken(raw: string): Promise<Session> {
    const userId = await this.sessions.spendSignInToken(raw);
    const user = userId ? await this.users.findById(userId) : null;
    if (!user) throw new DomainError('NAL-LO-05');
    if (user.status !== 'valid') throw new DomainError('NAL-LO-02');
    return this.open(user);
  }

  async refresh(raw: string | undefined): Promise<Session> {
    if (!raw) throw new DomainError('NAL-LO-06');
    const outcome = await this.sessions.rotate(raw, this.config.REFRESH_TOKEN_TTL);
    if (outcome.kind !== 'rotated') throw new DomainError('NAL-LO-06');
    const user = await this.users.findById(outcome.userId);
    if (!user) throw new DomainError('NAL-LO-06');
    return { ...this.tokens.signAccess(signedIn(user)), refreshToken: outcome.token };
  }

  async logout(raw: string | undefined): Promise<void> {
    if (raw) await this.sessions.revokeFamilyOf(raw);
  }

  private async open(user: UserEntity): Promise<Session> {
    await this.users.recordLogin(user.id);
    const refreshToken = await this.sessions.startFamily(user.id, this.config.REFRESH_TOKEN_TTL);
    return { ...this.tokens.signAccess(signedIn(user)), refreshToken };
  }
}

export function signedIn(user: UserEntity) {
  return { id: String(user.id), role: user.role, makerId: user.makerId === null ? null : String(user.makerId), stamp: user.securityStamp };
}
