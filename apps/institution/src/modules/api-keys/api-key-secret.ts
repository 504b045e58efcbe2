import { createHash, randomBytes } from 'node:crypto';

/** Every key starts with this, so a bearer token that is a key is told apart from a user's JWT. */
export const API_KEY_PREFIX = 'lpk_';
const RANDOM_LENGTH = 40;
/** what lists show of a key: the prefix and the first random characters */
export const KEY_PREFIX_LENGTH = 12;
const BASE62 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** `lpk_` and 40 base62 characters (about 238 bits), drawn without modulo bias. */
export function newApiKey(): string {
  let out = '';
  while (out.length < RANDOM_LENGTH) {
    for (const byte of randomBytes(64)) {
      // 248 = 4 x 62: bytes above it would favour the first characters
      if (byte < 248) out += BASE62[byte % 62];
      if (out.length === RANDOM_LENGTH) break;
    }
  }
  return API_KEY_PREFIX + out;
}

/** What is stored and looked up: the key itself never is. */
export const hashApiKey = (key: string): string => createHash('sha256').update(key, 'utf8').digest('hex');

export const prefixOf = (key: string): string => key.slice(0, KEY_PREFIX_LENGTH);
