import { Inject, Injectable } from '@nestjs/common';
import type { CompleteRegistrationRequest, SendOtpRequest, VerifyOtpRequest } from '@lp/contracts';
import { UnitOfWork, Clock } from '@lp/service-kit';
import type { z } from 'zod';
import { identityErrors } from '../../common/identity-errors.js';
import { fail, succeed, unwrap } from '../../common/outcome.js';
import { UsersRepository } from '../users/users.repository.js';
import { RegistrationService, withAccountConflicts } from '../auth/registration.service.js';
import { SignInService, type SignedIn } from '../auth/sign-in.service.js';
import { OtpService } from './otp.service.js';
import { otpError } from './otp.util.js';

type SendOtp = z.infer<typeof SendOtpRequest>;
type VerifyOtp = z.infer<typeof VerifyOtpRequest>;
type CompleteRegistration = z.infer<typeof CompleteRegistrationRequest>;

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
  ) {}

  async sendOtp(body: SendOtp): Promise<CodeSent> {
    const user = await this.users.findByPhone(body.phone);
    if (!user) throw identityErrors.phoneNotRegistered();
    this.signIn.assertMaySignIn(user);
    return { message: CODE_SENT, expires_in: await this.otp.issue(body.phone) };
  }

  async verifyOtp(body: VerifyOtp): Promise<SignedIn> {
    const user = await this.users.findByPhone(body.phone);
    if (!user) throw identityErrors.phoneNotRegistered();
    this.signIn.assertMaySignIn(user);
    const outcome = await this.uow.run(async (tx) => {
      const checked = await this.otp.consume(tx, body.phone, body.code);
      if (checked !== 'ok') return fail<SignedIn>(otpError(checked));
      return succeed(await this.signIn.start(tx, user));
    });
    return unwrap(outcome);
  }

  /** Without a code: sends one. With the code: creates the account and signs it in. */
  async completeRegistration(body: CompleteRegistration, requestId: string): Promise<SignedIn | (CodeSent & { otp_sent: true })> {
    if (await this.users.findByPhone(body.phone)) throw identityErrors.phoneTaken();
    const code = body.code;
    if (!code) return { otp_sent: true, message: CODE_SENT, expires_in: await this.otp.issue(body.phone) };
    const outcome = await withAccountConflicts(
      this.uow.run(async (tx) => {
        const checked = await this.otp.consume(tx, body.phone, code);
        if (checked !== 'ok') return fail<SignedIn>(otpError(checked));
        const user = await this.registration.createAccount(
          tx,
          {
            name: body.name,
            email: null,
            phone: body.phone,
            phoneVerifiedAt: this.clock.now(),
            passwordHash: null,
            role: body.role,
            ref: null,
          },
          requestId,
        );
        return succeed(await this.signIn.start(tx, user));
      }),
    );
    return unwrap(outcome);
  }
}
