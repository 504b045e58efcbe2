/** The product's name as users see it; also names downloaded files. */
export const PRODUCT_NAME = 'LearnHub';

/** Every call goes through the gateway under this path (proxied in development). */
export const API_BASE = '/api';

/** Notifications auto-hide after this long (spec 2, section 8). */
export const TOAST_DURATION_MS = 4000;

/**
 * Where the Google button sends the browser (a full page load, not a route of the SPA): the
 * gateway's Google strategy leaves for Google, or, in development without a Google client
 * id, for the local stand-in's page; both come back with `#session_id=`.
 */
export const GOOGLE_SIGN_IN_PATH = `${API_BASE}/auth/google/start`;
