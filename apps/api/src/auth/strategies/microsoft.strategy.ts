import { Inject, Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { APP_CONFIG, AppConfig } from '@oms/infra';
import { Strategy } from 'passport-openidconnect';
import { OAuthState } from '../oauth-state';
import { ProviderIdentity, verifiedEmailOf } from './run-strategy';

/**
 * Microsoft (Entra ID) sign-in as OpenID Connect (passport-openidconnect), which checks the id
 * token's issuer, audience, expiry and nonce. The tenant's endpoints are configurable.
 */
@Injectable()
export class MicrosoftStrategy extends PassportStrategy(Strategy, 'microsoft') {
  constructor(@Inject(APP_CONFIG) config: AppConfig, state: OAuthState) {
    super({
      issuer: config.MICROSOFT_ISSUER,
      authorizationURL: config.MICROSOFT_AUTH_URL,
      tokenURL: config.MICROSOFT_TOKEN_URL,
      userInfoURL: config.MICROSOFT_USERINFO_URL,
      clientID: config.MICROSOFT_CLIENT_ID,
      clientSecret: config.MICROSOFT_CLIENT_SECRET,
      callbackURL: `${config.CONSOLE_URL}/auth/microsoft/callback`,
      scope: ['email', 'profile'],
      nonce: true,
      skipUserProfile: false,
      store: state.forOpenIdConnect('microsoft'),
    });
  }

  validate(_issuer: string, profile: { emails?: { value: string }[] }): ProviderIdentity {
    return { provider: 'microsoft', email: verifiedEmailOf(profile) };
  }
}
