import { createHash, randomBytes } from 'node:crypto';

/** A sign-in session lasts 30 days from sign-in; each refresh rotates the token, not the end. */
export const SESSION_TTL_SECONDS = 30 * 24 * 3600;

/** The cookie the gateway keeps the refresh token in: httpOnly, Secure, SameSite=Strict, only sent to /api/auth. */
export const REFRESH_COOKIE = 'lp_refresh';
export const REFRESH_COOKIE_PATH = '/api/auth';

/** 256 random bits; only the holder has it, the database keeps its hash. */
export const newRefreshToken = (): string => randomBytes(32).toString('base64url');

/** A fast hash is enough: the token is random, not a password to brute-force. */
export const hashRefreshToken = (token: string): string => createHash('sha256').update(token).digest('hex');
