import { randomInt } from 'node:crypto';

/** No 0/O, 1/I/L: a code read off a screen and typed into a chat survives. */
export const LINK_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const LINK_CODE_LENGTH = 8;

export function generateLinkCode(random: (max: number) => number = randomInt): string {
  let code = '';
  for (let i = 0; i < LINK_CODE_LENGTH; i++) code += LINK_CODE_ALPHABET[random(LINK_CODE_ALPHABET.length)];
  return code;
}

/** What a person types: any case, spaces or dashes in between. */
export function normalizeLinkCode(input: string): string {
  return input.toUpperCase().replace(/[\s-]/g, '');
}

export type LinkCodeState = 'valid' | 'used' | 'expired';

export function linkCodeState(code: { usedAt: Date | null; expiresAt: Date }, now: Date): LinkCodeState {
  if (code.usedAt) return 'used';
  return now.getTime() >= code.expiresAt.getTime() ? 'expired' : 'valid';
}
