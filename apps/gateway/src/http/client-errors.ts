import type { Socket } from 'node:net';
import type { TLSSocket } from 'node:tls';
import type { ErrorBody } from '@lp/contracts';
import { CONTENT_SECURITY_POLICY, HSTS } from './security-headers.js';

/** The CSP helmet sends, as a header value (camelCase directives to their names). */
const CSP = Object.entries(CONTENT_SECURITY_POLICY)
  .filter(([, v]) => v !== null)
  .map(([k, v]) => `${k.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)} ${(v as readonly string[]).join(' ')}`)
  .join('; ');

const REASONS: Record<number, [string, ErrorBody]> = {
  400: ['Bad Request', { detail: 'The request is malformed', code: 'BAD_REQUEST', errors: [] }],
  408: ['Request Timeout', { detail: 'The request took too long to arrive', code: 'REQUEST_TIMEOUT', errors: [] }],
  431: [
    'Request Header Fields Too Large',
    { detail: 'The address or the headers of the request are too large', code: 'REQUEST_HEADERS_TOO_LARGE', errors: [] },
  ],
};

/**
 * Node's HTTP parser refuses some requests before Fastify sees them (an address or headers
 * over 16 KB, a malformed request line, a request that never finished arriving), and
 * Fastify's default answer is its own shape with none of our headers. This writes our error
 * shape with the same security headers as every other answer, then closes the connection
 * (the parser cannot go on with it).
 */
export function answerClientError(error: Error & { code?: string }, socket: Socket): void {
  if (!socket.writable) {
    socket.destroy(error);
    return;
  }
  const status = error.code === 'HPE_HEADER_OVERFLOW' ? 431 : error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
  const [reason, body] = REASONS[status]!;
  const json = JSON.stringify(body);
  const headers = [
    `HTTP/1.1 ${status} ${reason}`,
    'content-type: application/json; charset=utf-8',
    `content-length: ${Buffer.byteLength(json)}`,
    `content-security-policy: ${CSP}`,
    'x-content-type-options: nosniff',
    'x-frame-options: SAMEORIGIN',
    'referrer-policy: strict-origin-when-cross-origin',
    'cross-origin-opener-policy: same-origin',
    'cross-origin-resource-policy: same-origin',
    'cache-control: no-store',
    ...((socket as TLSSocket).encrypted ? [`strict-transport-security: ${HSTS}`] : []),
    'connection: close',
  ];
  socket.end(`${headers.join('\r\n')}\r\n\r\n${json}`);
}
