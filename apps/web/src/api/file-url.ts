import { readToken } from './token-store';

/**
 * Files the browser opens itself (a video's src, a PDF link) cannot carry the bearer
 * header, so routes marked `tokenInQuery` take the stored token as `?token=`.
 * Without a stored token the URL is returned unchanged (the server then refuses it).
 */
export function withToken(url: string): string {
  const token = readToken();
  if (!token) return url;
  return `${url}${url.includes('?') ? '&' : '?'}token=${encodeURIComponent(token)}`;
}
