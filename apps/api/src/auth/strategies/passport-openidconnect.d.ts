declare module 'passport-openidconnect' {
  import { Strategy as PassportStrategy } from 'passport';
  export interface StrategyOptions {
    issuer: string;
    authorizationURL: string;
    tokenURL: string;
    userInfoURL: string;
    clientID: string;
    clientSecret: string;
    callbackURL: string;
    scope?: string[];
    nonce?: boolean;
    skipUserProfile?: boolean;
    store?: unknown;
  }
  export class Strategy extends PassportStrategy {
    constructor(options: StrategyOptions, verify: (...args: unknown[]) => void);
  }
}
