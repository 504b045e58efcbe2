import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { ENV, UnitOfWork, Clock, addSeconds } from '@lp/service-kit';
import type { IdentityEnv } from '../../config/identity-env.js';
import { OtpRepository } from './otp.repository.js';
import { SmsProvider } from './sms.provider.js';
import { checkOtp, generateOtpCode, hashOtp, type OtpOutcome } from './otp.util.js';
import { identityErrors } from '../../common/identity-errors.js';

/** Sends and wrong codes are counted per phone over this long. */
export const OTP_WINDOW_SECONDS = 3600;

/** Phone codes: six digits, stored hashed, short-lived, single use; per phone and hour a few sends and a few wrong tries at most. */
@Injectable()
export class OtpService {
  constructor(
    @Inject(OtpRepository) private readonly repo: OtpRepository,
    @Inject(SmsProvider) private readonly sms: SmsProvider,
    @Inject(UnitOfWork) private readonly uow: UnitOfWork,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(ENV) private readonly env: IdentityEnv,
  ) {}

  /** A new code replaces the phone's previous one (see OtpRepository.replace); answers its lifetime in seconds. */
  async issue(phone: string): Promise<number> {
    const code = generateOtpCode();
    const ttl = this.env.OTP_TTL_SECONDS;
    const now = this.clock.now();
    const sent = await this.uow.run((tx) =>
      this.repo.replace(
        tx,
        phone,
        hashOtp(this.env.JWT_SECRET, phone, code),
        now,
        addSeconds(now, ttl),
        addSeconds(now, -OTP_WINDOW_SECONDS),
        this.env.OTP_SENDS_PER_HOUR,
      ),
    );
    if (!sent) throw identityErrors.otpSendLimit();
    await this.sms.sendCode(phone, code, ttl);
    return ttl;
  }

  /**
   * Checks a code inside the caller's transaction. The caller must commit a failed
   * outcome (the wrong try is counted) and throw only afterwards.
   */
  async consume(tx: EntityManager, phone: string, code: string): Promise<OtpOutcome> {
    const now = this.clock.now();
    const record = await this.repo.findForUpdate(tx, phone);
    const outcome = checkOtp(record, hashOtp(this.env.JWT_SECRET, phone, code), now, this.env.OTP_MAX_ATTEMPTS);
    if (outcome === 'mismatch') await this.repo.countFailure(tx, phone);
    if (outcome === 'ok') await this.repo.markConsumed(tx, phone, now);
    return outcome;
  }
}
