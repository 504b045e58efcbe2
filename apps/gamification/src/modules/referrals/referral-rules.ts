import { randomBytes } from 'node:crypto';
import {
  REFERRAL_CODE_ALPHABET,
  REFERRAL_CODE_LENGTH,
  REFERRAL_MONTHLY_CAP,
  REFERRAL_REWARD_MINOR,
  type ReferralRefusal,
  type ReferralStatus,
} from '@lp/contracts';

/**
 * The referral rules, pure: codes, e-mail normalisation and masking, the fraud checks at
 * registration and the monthly cap at completion (docs/gamification.md, "Referrals").
 */

const GMAIL_DOMAINS = new Set(['gmail.com', 'googlemail.com']);

/**
 * The address an inbox really is, for comparing: lower case; a +tag dropped (Gmail, Outlook,
 * Fastmail and most others deliver a+x@ to a@, so a +tag makes no new person anywhere);
 * Gmail's dots dropped and googlemail.com read as gmail.com (Gmail ignores both). '' stays ''.
 */
export function normalizeEmail(email: string | null | undefined): string {
  const e = (email ?? '').trim().toLowerCase();
  const at = e.lastIndexOf('@');
  if (at <= 0) return e;
  let local = e.slice(0, at);
  let domain = e.slice(at + 1);
  const plus = local.indexOf('+');
  if (plus >= 0) local = local.slice(0, plus);
  if (GMAIL_DOMAINS.has(domain)) {
    local = local.replace(/\./g, '');
    domain = 'gmail.com';
  }
  return `${local}@${domain}`;
}

/** "al***@gmail.com": enough for the referrer to recognise a friend, not an address to harvest. */
export function maskEmail(email: string | null | undefined): string {
  const e = (email ?? '').trim();
  const at = e.lastIndexOf('@');
  if (at <= 0) return '***';
  const local = e.slice(0, at);
  return `${local.slice(0, local.length > 2 ? 2 : 1)}***@${e.slice(at + 1)}`;
}

/**
 * A fresh code: REFERRAL_CODE_LENGTH characters drawn uniformly from REFERRAL_CODE_ALPHABET
 * (bytes past the largest multiple of the alphabet's length are thrown away, so no character
 * is likelier than another). `bytes` is injectable for tests.
 */
export function generateReferralCode(bytes: (n: number) => Uint8Array = randomBytes): string {
  const n = REFERRAL_CODE_ALPHABET.length;
  const limit = 256 - (256 % n);
  let code = '';
  while (code.length < REFERRAL_CODE_LENGTH) {
    for (const b of bytes(REFERRAL_CODE_LENGTH * 2)) {
      if (b >= limit) continue;
      code += REFERRAL_CODE_ALPHABET[b % n];
      if (code.length === REFERRAL_CODE_LENGTH) break;
    }
  }
  return code;
}

/** The code as people type or paste it (case and surrounding spaces do not matter); null when nothing was given. */
export function normalizeCode(ref: string | null | undefined): string | null {
  const c = (ref ?? '').trim().toUpperCase();
  return c === '' ? null : c;
}

export interface RegistrationFacts {
  referredId: string;
  referredEmailNormalized: string;
  /** the code's owner, null when no code of that text exists */
  owner: { userId: string; emailNormalized: string } | null;
  /** another referral, not refused, already names this normalised e-mail (the same inbox under a second account) */
  emailAlreadyReferred: boolean;
}

export interface Verdict {
  status: Extract<ReferralStatus, 'pending' | 'refused'>;
  refusal: ReferralRefusal | null;
}

/**
 * Whether a registration with a code makes a pending referral, and why not: an unknown code;
 * the code's owner registering again (the same account, or another account on the owner's
 * own inbox); an inbox already referred under another account (one reward per person).
 */
export function judgeRegistration(f: RegistrationFacts): Verdict {
  if (!f.owner) return { status: 'refused', refusal: 'unknown_code' };
  if (f.owner.userId === f.referredId) return { status: 'refused', refusal: 'self_referral' };
  if (f.referredEmailNormalized !== '' && f.referredEmailNormalized === f.owner.emailNormalized) {
    return { status: 'refused', refusal: 'same_email' };
  }
  if (f.referredEmailNormalized !== '' && f.emailAlreadyReferred) return { status: 'refused', refusal: 'already_referred' };
  return { status: 'pending', refusal: null };
}

/**
 * The referrer's reward at completion: REFERRAL_REWARD_MINOR while they have had fewer than
 * the cap rewarded this calendar month; past it the referral completes without money, its
 * refusal 'monthly_cap'. Past the cap the referrer gets no XP either (XP is as farmable as
 * money); the referred person, who did nothing wrong, still gets theirs.
 */
export function rewardAtCompletion(
  rewardedThisMonth: number,
  cap = REFERRAL_MONTHLY_CAP,
): { rewardMinor: number; refusal: ReferralRefusal | null } {
  return rewardedThisMonth < cap ? { rewardMinor: REFERRAL_REWARD_MINOR, refusal: null } : { rewardMinor: 0, refusal: 'monthly_cap' };
}

/** Why a completed referral paid nothing, for the referrer's list. */
export function rewardNote(refusal: ReferralRefusal | null): string | null {
  return refusal === 'monthly_cap' ? `The monthly limit of ${REFERRAL_MONTHLY_CAP} rewarded referrals was reached` : null;
}
