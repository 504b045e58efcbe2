import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import QRCode from 'qrcode';
import { identityRoutes, type RouteInput, type RouteOutput } from '@lp/contracts';
import { UnitOfWork, Clock, Handles, currentCaller } from '@lp/service-kit';
import type { UserEntity } from '../../entities/user.entity.js';
import { identityErrors } from '../../common/identity-errors.js';
import { UsersRepository } from './users.repository.js';
import { acceptTotp, newTotpSecret, otpauthUrl } from './totp.util.js';
import { TotpSecretCipher } from './totp-secret.cipher.js';

type R = typeof identityRoutes;

export interface TwoFactorSetup {
  message: string;
  qr_code: string;
  secret: string;
  otpauth_url: string;
}

/**
 * TOTP two-factor authentication: setup makes a pending secret, confirmation with a
 * valid code activates it, and every way of signing in then asks for a code. Secrets are
 * stored encrypted (TotpSecretCipher). Setting it up again while it is on takes a current
 * code, so a stolen session cannot move the second factor to the thief's phone.
 */
@Injectable()
export class TwoFactorService {
  constructor(
    @Inject(UsersRepository) private readonly users: UsersRepository,
    @Inject(UnitOfWork) private readonly uow: UnitOfWork,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(TotpSecretCipher) private readonly cipher: TotpSecretCipher,
  ) {}

  @Handles(identityRoutes.enable2fa)
  async start({ body }: RouteInput<R['enable2fa']>): Promise<TwoFactorSetup> {
    const userId = currentCaller().userId;
    const secret = newTotpSecret();
    const user = await this.uow.run(async (tx) => {
      const found = await this.users.findByIdForUpdate(tx, userId);
      if (!found) throw identityErrors.accountGone();
      if (found.status !== 'active') throw identityErrors.pendingDeletion();
      if (found.totpEnabledAt) await this.checkSignIn(tx, found, body.code);
      await this.users.update(tx, userId, { totpPendingSecret: this.cipher.encrypt(secret) });
      return found;
    });
    const url = otpauthUrl(secret, user.email ?? user.phone ?? user.id);
    return {
      message: '2FA setup initiated. Scan the QR code with your authenticator app, then confirm with a code.',
      qr_code: await QRCode.toDataURL(url),
      secret,
      otpauth_url: url,
    };
  }

  @Handles(identityRoutes.confirm2fa)
  async confirm({ body: { code } }: RouteInput<R['confirm2fa']>): Promise<RouteOutput<R['confirm2fa']>> {
    const userId = currentCaller().userId;
    await this.uow.run(async (tx) => {
      const user = await this.users.findByIdForUpdate(tx, userId);
      if (!user) throw identityErrors.accountGone();
      if (user.status !== 'active') throw identityErrors.pendingDeletion();
      if (!user.totpPendingSecret) throw identityErrors.twoFactorNotStarted();
      const now = this.clock.now();
      const step = acceptTotp(this.cipher.decrypt(user.totpPendingSecret), code, now.getTime(), null);
      if (step === null) throw identityErrors.invalidTotpSetup();
      await this.users.update(tx, userId, {
        totpSecret: user.totpPendingSecret,
        totpPendingSecret: null,
        totpEnabledAt: now,
        totpLastStep: step,
      });
    });
    return { message: 'Two-factor authentication is now enabled' };
  }

  /** At sign-in, for a user row locked by the caller's transaction. */
  async checkSignIn(tx: EntityManager, user: UserEntity, code: string | undefined): Promise<void> {
    if (!user.totpEnabledAt || !user.totpSecret) return;
    if (!code) throw identityErrors.twoFactorRequired();
    const step = acceptTotp(this.cipher.decrypt(user.totpSecret), code, this.clock.now().getTime(), user.totpLastStep);
    if (step === null) throw identityErrors.invalidTotp();
    await this.users.update(tx, user.id, { totpLastStep: step });
  }
}
