import { identityRoutes } from '@lp/contracts';
import { API_BASE } from '../config/product';
import { readToken, writeToken } from './token-store';

/** Refresh a little before the access token ends, so a request in flight does not meet the edge. */
const EARLY_SECONDS = 30;

/** The `exp` of a JWT, read without checking it (the server checks; this only decides when to refresh). */
export function expiresAt(token: string): number | null {
  try {
    const payload = token.split('.')[1];
    if (!payload) return null;
    const claims = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as { exp?: unknown };
    return typeof claims.exp === 'number' ? claims.exp : null;
  } catch {
    return null;
  }
}

export function isExpiring(token: string, nowSeconds = Date.now() / 1000): boolean {
  const exp = expiresAt(token);
  return exp !== null && exp - EARLY_SECONDS <= nowSeconds;
}

let inFlight: Promise<string | null> | null = null;

async function exchange(): Promise<string | null> {
  // the refresh token is the httpOnly cookie: the browser sends it, this code never sees it
  const response = await fetch(`${API_BASE}${identityRoutes.refresh.path}`, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { Accept: 'application/json' },
  }).catch(() => null);
  if (!response?.ok) return null;
  const body = (await response.json().catch(() => null)) as { token?: unknown } | null;
  if (typeof body?.token !== 'string') return null;
  writeToken(body.token);
  return body.token;
}

/**
 * A fresh access token for `stale`, or null when the session has ended. One refresh at a
 * time across every tab (Web Locks): the refresh token is single use, and a second tab
 * presenting the one the first just spent would look like theft and end the session.
 */
export function refreshAccessToken(stale: string): Promise<string | null> {
  inFlight ??= (async () => {
    const run = async (): Promise<string | null> => {
      const current = readToken();
      // another tab refreshed (or signed in again) meanwhile: its token is ours too
      if (current && current !== stale && !isExpiring(current)) return current;
      if (!current) return null;
      return exchange();
    };
    return typeof navigator !== 'undefined' && navigator.locks ? navigator.locks.request('lp-token-refresh', run) : run();
  })().finally(() => {
    inFlight = null;
  });
  return inFlight;
}

/** The stored token, refreshed first when it is about to end; null when signed out. */
export async function currentToken(): Promise<string | null> {
  const token = readToken();
  if (!token || !isExpiring(token)) return token;
  return (await refreshAccessToken(token)) ?? token;
}
