import { Inject, Injectable } from '@nestjs/common';
import type { z } from 'zod';
import {
  identityInternal,
  identityRoutes,
  type ExternalIdentity,
  type LoginRequest,
  type RouteInput,
  type RouteOutput,
  type ServiceOutput,
  type SessionExchangeRequest,
} from '@lp/contracts';
import { ENV, UnitOfWork, Clock, Handles, HandlesInternal, currentCaller } from '@lp/service-kit';
import { googleProviderOf, type IdentityEnv } from '../../config/identity-env.js';
import { identityErrors } from '../../common/identity-errors.js';
import { fail, succeed, unwrap } from '../../common/outcome.js';
import { UsersRepository } from '../users/users.repository.js';
import { TwoFactorService } from '../users/two-factor.service.js';
import { SessionsService, sessionGrantOf } from '../sessions/sessions.service.js';
import { OtpService } from '../phone/otp.service.js';
import { otpError } from '../phone/otp.util.js';
import { PasswordHasher } from '../credentials/password-hasher.js';
import { RegistrationService, withAccountConflicts } from './registration.service.js';
import { SignInService, type SignedIn } from './sign-in.service.js';
import { ExternalSessions } from './external-sessions.js';
import { SignInLimits } from '../credentials/sign-in-limits.service.js';

type R = typeof identityRoutes;
type Login = z.infer<typeof LoginRequest>;
type SessionExchange = z.infer<typeof SessionExchangeRequest>;

/** Registration and sign-in with e-mail and password or an external provider; sign-out. */
@Injectable()
export class AuthService {
  constructor(
    @Inject(UsersRepository) private readonly users: UsersRepository,
    @Inject(PasswordHasher) private readonly hasher: PasswordHasher,
    @Inject(RegistrationService) private readonly registration: RegistrationService,
    @Inject(SignInService) private readonly signIn: SignInService,
    @Inject(SessionsService) private readonly sessions: SessionsService,
    @Inject(TwoFactorService) private readonly twoFactor: TwoFactorService,
    @Inject(OtpService) private readonly otp: OtpService,
    @Inject(ExternalSessions) private readonly provider: ExternalSessions,
    @Inject(UnitOfWork) private readonly uow: UnitOfWork,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(SignInLimits) private readonly limits: SignInLimits,
    @Inject(ENV) private readonly env: IdentityEnv,
  ) {}

  /** A phone given at registration must be proven with the code sent to it. */
  @Handles(identityRoutes.register)
  async register({ body }: RouteInput<R['register']>): Promise<ServiceOutput<R['register']>> {
    const phone = body.phone ?? null;
    const otp = body.otp ?? null;
    if (phone && !otp) throw identityErrors.otpRequired();
    const passwordHash = await this.hasher.hash(body.password);
    const outcome = await withAccountConflicts(
      this.uow.run(async (tx) => {
        if (phone && otp) {
          if (await this.users.findByPhone(phone, tx)) throw identityErrors.phoneTaken();
          const checked = await this.otp.consume(tx, phone, otp);
          if (checked !== 'ok') return fail<SignedIn>(otpError(checked));
        }
        const user = await this.registration.createAccount(tx, {
          name: body.name,
          email: body.email,
          phone,
          phoneVerifiedAt: phone ? this.clock.now() : null,
          passwordHash,
          role: body.role,
          ref: body.ref ?? null,
        });
        return succeed(await this.signIn.start(tx, user));
      }),
    );
    const signedIn = unwrap(outcome);
    return { token: signedIn.token, user: signedIn.user, ...sessionGrantOf(signedIn) };
  }

  @Handles(identityRoutes.login)
  async login({ body }: RouteInput<R['login']>): Promise<ServiceOutput<R['login']>> {
    const signedIn = await this.signInWithPassword(body);
    return { token: signedIn.token, user: signedIn.user, ...sessionGrantOf(signedIn) };
  }

  @Handles(identityRoutes.crossPortalLogin)
  async crossPortalLogin({ body }: RouteInput<R['crossPortalLogin']>): Promise<ServiceOutput<R['crossPortalLogin']>> {
    const signedIn = await this.signInWithPassword(body);
    return {
      access_token: signedIn.token,
      user: signedIn.user,
      institution: signedIn.institution,
      available_portals: signedIn.availablePortals,
      ...sessionGrantOf(signedIn),
    };
  }

  /**
   * Wrong passwords and wrong authenticator codes count against the account, from any
   * address; a paused account refuses even the right password until the pause ends.
   */
  private async signInWithPassword(body: Login): Promise<SignedIn> {
    const found = await this.users.findByEmail(body.email);
    if (found) this.limits.assertNotLocked(found);
    const passwordOk = await this.hasher.verify(found?.passwordHash ?? null, body.password);
    if (!found || !passwordOk) {
      if (found) await this.limits.recordFailure(found.id);
      throw identityErrors.invalidCredentials();
    }
    this.signIn.assertMaySignIn(found);
    return this.limits.countingTotpFailures(found.id, () =>
      this.uow.run(async (tx) => {
        const user = await this.users.findByIdForUpdate(tx, found.id);
        if (!user) throw identityErrors.invalidCredentials();
        this.signIn.assertMaySignIn(user);
        await this.twoFactor.checkSignIn(tx, user, body.totp_code);
        await this.limits.reset(tx, user);
        return this.signIn.start(tx, user);
      }),
    );
  }

  @Handles(identityRoutes.logout)
  async logout(): Promise<RouteOutput<R['logout']>> {
    const caller = currentCaller();
    await this.uow.run((tx) => this.sessions.revoke(tx, caller.userId, caller.sessionId));
    return { message: 'Logged out successfully' };
  }

  @Handles(identityRoutes.devProviderSession)
  async createDevSession({ body }: RouteInput<R['devProviderSession']>): Promise<RouteOutput<R['devProviderSession']>> {
    if (googleProviderOf(this.env) !== 'dev') throw identityErrors.devProviderDisabled();
    return { session_id: await this.provider.create({ provider: 'dev', subject: body.email, email: body.email, name: body.name }) };
  }

  /** The gateway's Google strategy verified this person (only the gateway may call this subject). */
  @HandlesInternal(identityInternal.externalSession)
  async createExternalSession(person: ExternalIdentity): Promise<{ session_id: string }> {
    return { session_id: await this.provider.create(person) };
  }

  /**
   * An external sign-in: the known account with that e-mail, or a new one with the chosen
   * role. The provider's session is spent only once every check passed, so an account with
   * two-factor authentication can send the same session again with its code.
   */
  @Handles(identityRoutes.sessionExchange)
  async exchangeSession({ body }: RouteInput<R['sessionExchange']>): Promise<ServiceOutput<R['sessionExchange']>> {
    const signedIn = await this.signInExternally(body);
    return { session_token: signedIn.token, user: signedIn.user, ...sessionGrantOf(signedIn) };
  }

  private async signInExternally(body: SessionExchange): Promise<SignedIn> {
    const person = await this.provider.resolve(body.session_id);
    if (!person) throw identityErrors.invalidExternalSession();
    const existing = await this.users.findByEmail(person.email);
    if (existing) {
      this.signIn.assertMaySignIn(existing);
      this.limits.assertNotLocked(existing);
      return this.limits.countingTotpFailures(existing.id, () =>
        this.uow.run(async (tx) => {
          const user = await this.users.findByIdForUpdate(tx, existing.id);
          if (!user) throw identityErrors.invalidExternalSession();
          await this.twoFactor.checkSignIn(tx, user, body.totp_code);
          if (!(await this.provider.consume(body.session_id))) throw identityErrors.invalidExternalSession();
          await this.limits.reset(tx, user);
          return this.signIn.start(tx, user);
        }),
      );
    }
    return withAccountConflicts(
      this.uow.run(async (tx) => {
        if (!(await this.provider.consume(body.session_id))) throw identityErrors.invalidExternalSession();
        const user = await this.registration.createAccount(tx, {
          name: person.name,
          email: person.email,
          phone: null,
          phoneVerifiedAt: null,
          passwordHash: null,
          role: body.role ?? 'learner',
          ref: body.ref ?? null,
        });
        return this.signIn.start(tx, user);
      }),
    );
  }
}
