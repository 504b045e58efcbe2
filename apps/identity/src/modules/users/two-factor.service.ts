import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import QRCode from 'qrcode';
import { UnitOfWork, Clock } from '@lp/service-kit';
import type { UserEntity } from '../../entities/user.entity.js';
import { identityErrors } from '../../common/identity-errors.js';
import { UsersRepository } from './users.repository.js';
import { acceptTotp, newTotpSecret, otpauthUrl } from './totp.util.js';

export interface TwoFactorSetup {
  message: string;
  qr_code: string;
  secret: string;
  otpauth_url: string;
}

/**
 * TOTP two-factor authentication: setup makes a pending secret, confirmation with a
 * valid code activates it, and sign-in then asks for a code.
 */
@Injectable()
export class TwoFactorService {
  constructor(
    @Inject(UsersRepository) private readonly users: UsersRepository,
    @Inject(UnitOfWork) private readonly uow: UnitOfWork,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  async start(userId: string): Promise<TwoFactorSetup> {
    const user = await this.users.findById(userId);
    if (!user) throw identityErrors.accountGone();
    if (user.status !== 'active') throw identityErrors.pendingDeletion();
    const secret = newTotpSecret();
    const url = otpauthUrl(secret, user.email ?? user.phone ?? user.id);
    await this.uow.run((tx) => this.users.update(tx, userId, { totpPendingSecret: secret }));
    return {
      message: '2FA setup initiated. Scan the QR code with your authenticator app, then confirm with a code.',
      qr_code: await QRCode.toDataURL(url),
      secret,
      otpauth_url: url,
    };
  }

  async confirm(userId: string, code: string): Promise<void> {
    await this.uow.run(async (tx) => {
      const user = await this.users.findByIdForUpdate(tx, userId);
      if (!user) throw identityErrors.accountGone();
      if (user.status !== 'active') throw identityErrors.pendingDeletion();
      if (!user.totpPendingSecret) throw identityErrors.twoFactorNotStarted();
      const now = this.clock.now();
      const step = acceptTotp(user.totpPendingSecret, code, now.getTime(), null);
      if (step === null) throw identityErrors.invalidTotpSetup();
      await this.users.update(tx, userId, {
        totpSecret: user.totpPendingSecret,
        totpPendingSecret: null,
        totpEnabledAt: now,
        totpLastStep: step,
      });
    });
  }

  /** At sign-in, for a user row locked by the caller's transaction. */
  async checkSignIn(tx: EntityManager, user: UserEntity, code: string | undefined): Promise<void> {
    if (!user.totpEnabledAt || !user.totpSecret) return;
    if (!code) throw identityErrors.twoFactorRequired();
    const step = acceptTotp(user.totpSecret, code, this.clock.now().getTime(), user.totpLastStep);
    if (step === null) throw identityErrors.invalidTotp();
    await this.users.update(tx, user.id, { totpLastStep: step });
  }
}
