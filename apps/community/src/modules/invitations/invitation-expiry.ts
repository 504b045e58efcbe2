import { INVITATION_TTL_DAYS } from '@lp/contracts';

const DAY_MS = 86_400_000;

/** When an invitation sent now expires, in whole seconds: the link carries the expiry in seconds and must match the row exactly. */
export const invitationExpiry = (now: Date): Date => new Date(Math.floor((now.getTime() + INVITATION_TTL_DAYS * DAY_MS) / 1000) * 1000);

/** A resend's expiry: always later than the current one, so even a resend within the same second changes the link. */
export const renewedExpiry = (current: Date, now: Date): Date => {
  const fresh = invitationExpiry(now);
  return fresh.getTime() > current.getTime() ? fresh : new Date(current.getTime() + 1000);
};

/** An invitation stops working at its expiry instant itself. */
export const isExpired = (expiresAt: Date, now: Date): boolean => expiresAt.getTime() <= now.getTime();
