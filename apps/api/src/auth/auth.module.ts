import { Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { JwtModule, JwtService } from '@nestjs/jwt';
import { PassportModule } from '@nestjs/passport';
import { APP_CONFIG, AppConfig } from '@oms/infra';
import { RateLimitGuard } from '../common/rate-limit.guard';
import { AccountAccess } from './account-access';
import { AUTH_COOKIE_PATH, AuthController, MeController } from './auth.controller';
import { OAuthState } from './oauth-state';
import { RouteAccessCatalogue } from './route-access';
import { SignInService } from './sign-in.service';
import { GoogleStrategy } from './strategies/google.strategy';
import { MicrosoftStrategy } from './strategies/microsoft.strategy';
import { jwtOptions, TokensService } from './tokens.service';

@Module({
  imports: [
    PassportModule.register({ session: false }),
    DiscoveryModule,
    JwtModule.registerAsync({
      inject: [APP_CONFIG],
      useFactory: jwtOptions,
    }),
  ],
  controllers: [AuthController, MeController],
  providers: [
    TokensService,
    AccountAccess,
    SignInService,
    RateLimitGuard,
    RouteAccessCatalogue,
    GoogleStrategy,
    MicrosoftStrategy,
    {
      provide: OAuthState,
      inject: [JwtService, APP_CONFIG],
      useFactory: (jwt: JwtService, c: AppConfig) =>
        new OAuthState(jwt, { httpOnly: true, sameSite: 'lax', secure: c.COOKIE_SECURE, path: AUTH_COOKIE_PATH }),
    },
  ],
  exports: [TokensService, AccountAccess, RouteAccessCatalogue],
})
export class AuthModule {}
