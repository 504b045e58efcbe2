import { Inject, Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { Strategy, type Profile, type StrategyOptions } from 'passport-google-oauth20';
import { ENV } from '@lp/service-kit';
import type { ExternalIdentity } from '@lp/contracts';
import type { GatewayEnv } from '../config/gateway-env.js';
import { cookieStateStore } from './oauth-state.js';

export const GOOGLE_CALLBACK_PATH = '/api/auth/google/callback';

/**
 * Google sign-in through @nestjs/passport: the authorization-code flow of
 * passport-google-oauth20, its state kept in a short-lived cookie (no server session).
 * Answers the person Google vouched for, or false when Google has no verified e-mail for them.
 */
@Injectable()
export class GoogleStrategy extends PassportStrategy(Strategy, 'google') {
  constructor(@Inject(ENV) env: GatewayEnv) {
    super({
      clientID: env.GOOGLE_CLIENT_ID!,
      clientSecret: env.GOOGLE_CLIENT_SECRET!,
      callbackURL: `${env.PUBLIC_URL!}${GOOGLE_CALLBACK_PATH}`,
      authorizationURL: env.GOOGLE_AUTH_URL,
      tokenURL: env.GOOGLE_TOKEN_URL,
      userProfileURL: env.GOOGLE_USERINFO_URL,
      scope: ['openid', 'email', 'profile'],
      // typed for Express requests; passport hands it the Fastify request the guard passes
      store: cookieStateStore as unknown as StrategyOptions['store'],
    });
  }

  validate(_accessToken: string, _refreshToken: string, profile: Profile): ExternalIdentity | false {
    const email = profile.emails?.find((e) => (e.verified as unknown) === true || (e.verified as unknown) === 'true')?.value;
    if (!email) return false;
    return {
      provider: 'google',
      subject: profile.id,
      email: email.toLowerCase(),
      name: profile.displayName?.trim() || email.split('@')[0]!,
    };
  }
}
