/**
 * A referral link is the site's address with `?ref=<code>`. The code is remembered when the
 * visitor lands (for REFERRAL_KEEP_DAYS), so it still reaches the sign-up after they browse
 * elsewhere, come back in another tab or are sent to sign in by a guard (whose redirect has
 * no query); the registration sends it on, and a successful one forgets it.
 */
export const REFERRAL_STORAGE_KEY = 'referral_code';
export const REFERRAL_KEEP_DAYS = 30;
const KEEP_MS = REFERRAL_KEEP_DAYS * 24 * 60 * 60 * 1000;

type KeyValueStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

const codeIn = (search: string): string | undefined => new URLSearchParams(search).get('ref')?.trim().slice(0, 64) || undefined;

/** Keeps the code of a `?ref=` address; an address without one leaves an earlier code alone. */
export function rememberReferralCode(search: string, store: KeyValueStore = localStorage, now = Date.now()): void {
  const code = codeIn(search);
  if (code) store.setItem(REFERRAL_STORAGE_KEY, JSON.stringify({ code, at: now }));
}

/** The code to register with: the address's own, else a remembered one not older than REFERRAL_KEEP_DAYS. */
export function referralCode(
  search: string = window.location.search,
  store: KeyValueStore = localStorage,
  now = Date.now(),
): string | undefined {
  const own = codeIn(search);
  if (own) return own;
  try {
    const kept = JSON.parse(store.getItem(REFERRAL_STORAGE_KEY) ?? 'null') as { code?: unknown; at?: unknown } | null;
    if (kept && typeof kept.code === 'string' && typeof kept.at === 'number' && now - kept.at <= KEEP_MS) return kept.code;
  } catch {
    // a value this code did not write: ignored
  }
  return undefined;
}

export function forgetReferralCode(store: KeyValueStore = localStorage): void {
  store.removeItem(REFERRAL_STORAGE_KEY);
}
