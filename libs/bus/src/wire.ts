import { AppError, type ErrorBody } from '@lp/contracts';

/** What a service answers over request-reply. Errors keep their HTTP status across the wire. */
export type Reply<T = unknown> = { ok: true; data: T } | { ok: false; status: number; error: ErrorBody; error_id?: string };

/** What the gateway sends: the validated parts of the HTTP request. */
export interface RpcRequest {
  params: unknown;
  query: unknown;
  body: unknown;
}

export function errorFromReply(reply: Extract<Reply, { ok: false }>): AppError {
  return new AppError(reply.status, reply.error.code, reply.error.detail, reply.error.errors);
}

const enc = new TextEncoder();
const dec = new TextDecoder();
export const encode = (v: unknown): Uint8Array => enc.encode(JSON.stringify(v));
export const decode = <T>(data: Uint8Array): T => JSON.parse(dec.decode(data)) as T;
