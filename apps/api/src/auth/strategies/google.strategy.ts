import { Inject, Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { APP_CONFIG, AppConfig } from '@oms/infra';
import { Profile, Strategy } from 'passport-google-oauth20';
import { OAuthState } from '../oauth-state';
import { ProviderIdentity, verifiedEmailOf } from './run-strategy';

/** Google sign-in (passport-google-oauth20); the endpoints are configurable so a local OIDC server can stand in. */
@Injectable()
export class GoogleStrategy extends PassportStrategy(Strategy, 'google') {
  constructor(@Inject(APP_CONFIG) config: AppConfig, state: OAuthState) {
    super({
      clientID: config.GOOGLE_CLIENT_ID,
      clientSecret: config.GOOGLE_CLIENT_SECRET,
      callbackURL: `${config.CONSOLE_URL}/auth/google/callback`,
      authorizationURL: config.GOOGLE_AUTH_URL,
      tokenURL: config.GOOGLE_TOKEN_URL,
      userProfileURL: config.GOOGLE_USERINFO_URL,
      scope: ['openid', 'email', 'profile'],
      store: state.forOAuth2('google'),
    } as ConstructorParameters<typeof Strategy>[0]);
  }

  validate(_accessToken: string, _refreshToken: string, profile: Profile): ProviderIdentity {
    return { provider: 'google', email: verifiedEmailOf(profile) };
  }
}
