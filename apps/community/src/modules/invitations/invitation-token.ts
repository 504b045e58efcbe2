import { createHmac, timingSafeEqual } from 'node:crypto';
import { epochSeconds } from '@lp/service-kit';

/**
 * An invitation link's token: `{invitation id}.{expires_at, epoch seconds}.{HMAC-SHA256 of
 * the two, base64url}`. The signature covers the expiry, so nobody can stretch a link, and
 * a resend (a new expires_at) makes the old links stop verifying against the row.
 */
export function signInvitation(id: string, expiresAt: Date, secret: string): string {
  const body = `${id}.${epochSeconds(expiresAt)}`;
  return `${body}.${mac(body, secret)}`;
}

/** The token's invitation id and expiry when its signature holds, else null. */
export function verifyInvitation(token: string, secret: string): { id: string; expiresAtSeconds: number } | null {
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  const [id, exp, sig] = parts as [string, string, string];
  if (!/^[0-9a-f-]{36}$/i.test(id) || !/^\d{1,12}$/.test(exp)) return null;
  const expected = Buffer.from(mac(`${id}.${exp}`, secret));
  const given = Buffer.from(sig);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return { id, expiresAtSeconds: Number(exp) };
}

const mac = (body: string, secret: string): string => createHmac('sha256', secret).update(body).digest('base64url');
