import { Inject, Injectable } from '@nestjs/common';
import { identityRoutes, type RouteInput, type ServiceOutput } from '@lp/contracts';
import { UnitOfWork, Clock, Handles } from '@lp/service-kit';
import { identityErrors } from '../../common/identity-errors.js';
import { fail, succeed, unwrap } from '../../common/outcome.js';
import { UsersRepository } from '../users/users.repository.js';
import { RegistrationService, withAccountConflicts } from '../auth/registration.service.js';
import { SignInService, type SignedIn } from '../auth/sign-in.service.js';
import { sessionGrantOf } from '../sessions/sessions.service.js';
import { OtpService } from './otp.service.js';
import { TwoFactorService } from '../users/two-factor.service.js';
import { SignInLimits } from '../credentials/sign-in-limits.service.js';
import { otpError } from './otp.util.js';

type R = typeof identityRoutes;

export interface CodeSent {
  message: string;
  expires_in: number;
}

const CODE_SENT = 'A verification code was sent to your phone';

/** Sign-in and registration with a phone number and a code sent by SMS. */
@Injectable()
export class PhoneService {
  constructor(
    @Inject(UsersRepository) private readonly users: UsersRepository,
    @Inject(OtpService) private readonly otp: OtpService,
    @Inject(RegistrationService) private readonly registration: RegistrationService,
    @Inject(SignInService) private readonly signIn: SignInService,
    @Inject(UnitOfWork) private readonly uow: UnitOfWork,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(TwoFactorService) private readonly twoFactor: TwoFactorService,
    @Inject(SignInLimits) private readonly limits: SignInLimits,
  ) {}

  @Handles(identityRoutes.sendOtp)
  async sendOtp({ body }: RouteInput<R['sendOtp']>): Promise<CodeSent> {
    const user = await this.users.findByPhone(body.phone);
    if (!user) throw identityErrors.phoneNotRegistered();
    this.signIn.assertMaySignIn(user);
    return { message: CODE_SENT, expires_in: await this.otp.issue(body.phone) };
  }

  /**
   * The phone code first (wrong ones count per phone), then, for an account with
   * two-factor authentication, the authenticator code: a missing or wrong one rolls the
   * whole check back, so the phone code stays usable for the second try with both.
   */
  @Handles(identityRoutes.verifyOtp)
  async verifyOtp({ body }: RouteInput<R['verifyOtp']>): Promise<ServiceOutput<R['verifyOtp']>> {
    const found = await this.users.findByPhone(body.phone);
    if (!found) throw identityErrors.phoneNotRegistered();
    this.signIn.assertMaySignIn(found);
    this.limits.assertNotLocked(found);
    const outcome = await this.limits.countingTotpFailures(found.id, () =>
      this.uow.run(async (tx) => {
        const checked = await this.otp.consume(tx, body.phone, body.code);
        if (checked !== 'ok') return fail<SignedIn>(otpError(checked));
        const user = await this.users.findByIdForUpdate(tx, found.id);
        if (!user) throw identityErrors.phoneNotRegistered();
        await this.twoFactor.checkSignIn(tx, user, body.totp_code);
        await this.limits.reset(tx, user);
        return succeed(await this.signIn.start(tx, user));
      }),
    );
    const signedIn = unwrap(outcome);
    return { token: signedIn.token, user: signedIn.user, ...sessionGrantOf(signedIn) };
  }

  /** Without a code: sends one. With the code: creates the account and signs it in. */
  @Handles(identityRoutes.completePhoneRegistration)
  async completeRegistration({ body }: RouteInput<R['completePhoneRegistration']>): Promise<ServiceOutput<R['completePhoneRegistration']>> {
    if (await this.users.findByPhone(body.phone)) throw identityErrors.phoneTaken();
    const code = body.code;
    if (!code) return { otp_sent: true, message: CODE_SENT, expires_in: await this.otp.issue(body.phone) };
    const outcome = await withAccountConflicts(
      this.uow.run(async (tx) => {
        const checked = await this.otp.consume(tx, body.phone, code);
        if (checked !== 'ok') return fail<SignedIn>(otpError(checked));
        const user = await this.registration.createAccount(tx, {
          name: body.name,
          email: null,
          phone: body.phone,
          phoneVerifiedAt: this.clock.now(),
          passwordHash: null,
          role: body.role,
          ref: body.ref ?? null,
        });
        return succeed(await this.signIn.start(tx, user));
      }),
    );
    const signedIn = unwrap(outcome);
    return { token: signedIn.token, user: signedIn.user, ...sessionGrantOf(signedIn) };
  }
}
