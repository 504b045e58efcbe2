import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * A value handed out in a link and proven by its signature alone, with no row to look it up:
 * `{part}.{part}….{HMAC-SHA256 of the parts, base64url}`. Parts never hold a dot. Each kind of
 * link has a secret of its own (an invitation's, an unsubscribe link's), so one never opens
 * another; what a token stands for, and until when, is in its parts.
 */
export function signToken(parts: readonly string[], secret: string): string {
  if (parts.some((p) => p.includes('.'))) throw new Error('a signed token part cannot hold a dot');
  const body = parts.join('.');
  return `${body}.${mac(body, secret)}`;
}

/** The parts of a token of `count` parts whose signature holds, else null. */
export function openToken(token: string, secret: string, count: number): string[] | null {
  const parts = token.split('.');
  if (parts.length !== count + 1) return null;
  const sig = parts.pop() as string;
  const expected = Buffer.from(mac(parts.join('.'), secret));
  const given = Buffer.from(sig);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return parts;
}

const mac = (body: string, secret: string): string => createHmac('sha256', secret).update(body).digest('base64url');
