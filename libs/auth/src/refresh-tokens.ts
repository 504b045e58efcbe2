/** A sign-in session lasts 30 days from sign-in; each refresh rotates the token, not the end. */
export const SESSION_TTL_SECONDS = 30 * 24 * 3600;

/** The cookie the gateway keeps the refresh token in: httpOnly, Secure, SameSite=Strict, only sent to /api/auth. */
export const REFRESH_COOKIE = 'lp_refresh';
export const REFRESH_COOKIE_PATH = '/api/auth';
