import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';
import type { FastifyInstance } from 'fastify';

/**
 * The page's Content-Security-Policy. Scripts only from our origin (Vite emits module
 * files, no inline script); inline styles stay allowed because React's `style` props and
 * the UI kit's positioning write them. Lesson media may live anywhere on https (course
 * thumbnails, videos, PDFs by URL), so those kinds allow https: but never run in our origin.
 */
export const CONTENT_SECURITY_POLICY = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
  mediaSrc: ["'self'", 'blob:', 'https:'],
  fontSrc: ["'self'", 'data:'],
  frameSrc: ["'self'", 'https:'],
  connectSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'self'"],
  upgradeInsecureRequests: null,
} as const;

export const HSTS = 'max-age=31536000; includeSubDomains';

const HELMET: Readonly<HelmetOptions> = {
  contentSecurityPolicy: { useDefaults: false, directives: { ...CONTENT_SECURITY_POLICY } as never },
  strictTransportSecurity: false,
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  crossOriginEmbedderPolicy: false,
  // lesson files open in a frame and in a new tab of our own origin only
  crossOriginResourcePolicy: { policy: 'same-origin' },
};

/**
 * The headers helmet sets with these options, worked out once: they are the same on every
 * answer. (@fastify/helmet ran helmet's whole setup, its CSP parsed again, for every request:
 * 17% of the gateway's garbage per request in benchmark (i).)
 */
export function helmetHeaders(options: Readonly<HelmetOptions> = HELMET): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader: (name: string, value: unknown) => void (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  };
  helmet(options)({} as IncomingMessage, res as unknown as ServerResponse, (err?: unknown) => {
    if (err) throw err;
  });
  return headers;
}

/**
 * Security headers on every answer, API and SPA alike (helmet). HSTS only when the
 * request came over TLS (directly or via a trusted proxy's X-Forwarded-Proto): sent over
 * plain http it would promise a TLS that a local or internal deployment does not have.
 */
export async function registerSecurityHeaders(fastify: FastifyInstance): Promise<void> {
  const headers = helmetHeaders();
  fastify.addHook('onRequest', (_request, reply, done) => {
    // set before anything answers, so a route's own value (a file's CSP) replaces helmet's
    reply.headers(headers);
    done();
  });
  fastify.addHook('onSend', async (request, reply) => {
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
    // API answers carry tokens and private data: no cache keeps them unless the route said so
    // (a public cover, the anonymous catalogue) where it was answered
    if (request.url.startsWith('/api') && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
  });
}

/**
 * A stored file is whatever its uploader sent: opened directly it must not act as a page of
 * our origin (an "image" that is really HTML with a script), whatever its type says.
 */
export const FILE_RESPONSE_CSP = "sandbox; default-src 'none'; img-src 'self' data:; media-src 'self'; style-src 'unsafe-inline'";
/** Chromium's viewer is a plugin frame that object-src or sandbox would block; framing stays ours. */
export const PDF_FILE_CSP = "frame-ancestors 'self'";
