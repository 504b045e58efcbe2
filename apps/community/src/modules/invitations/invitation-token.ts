import { openToken, signToken } from '@lp/auth';
import { epochSeconds } from '@lp/service-kit';

/**
 * An invitation link's token: `{invitation id}.{expires_at, epoch seconds}.{HMAC-SHA256 of
 * the two, base64url}`. The signature covers the expiry, so nobody can stretch a link, and
 * a resend (a new expires_at) makes the old links stop verifying against the row.
 */
export function signInvitation(id: string, expiresAt: Date, secret: string): string {
  return signToken([id, String(epochSeconds(expiresAt))], secret);
}

/** The token's invitation id and expiry when its signature holds, else null. */
export function verifyInvitation(token: string, secret: string): { id: string; expiresAtSeconds: number } | null {
  const parts = openToken(token, secret, 2);
  if (!parts) return null;
  const [id, exp] = parts as [string, string];
  if (!/^[0-9a-f-]{36}$/i.test(id) || !/^\d{1,12}$/.test(exp)) return null;
  return { id, expiresAtSeconds: Number(exp) };
}
