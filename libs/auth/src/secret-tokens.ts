import { createHash, randomBytes } from 'node:crypto';

/**
 * Tokens handed to their holder and kept only as a hash: a refresh token, a password-reset
 * link's token. 256 random bits, base64url (43 characters).
 */
export const newSecretToken = (): string => randomBytes(32).toString('base64url');

/** A fast hash is enough: the token is random, not a password to brute-force. */
export const hashSecretToken = (token: string): string => createHash('sha256').update(token).digest('hex');
