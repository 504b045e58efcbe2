import { AppError, type ErrorBody } from '@lp/contracts';
import { EncodedAnswer } from './checked-json.js';

/**
 * How a service answers over request-reply: the `lp-reply` header says `ok` (the body
 * is the answer's JSON, as the gateway will send it: it passes the bytes through
 * without parsing them again) or `error` (the body is an ErrorReply, which keeps its
 * HTTP status across the wire).
 */
export const REPLY_HEADER = 'lp-reply';
export type ErrorReply = { status: number; error: ErrorBody; error_id?: string };

/** What the gateway sends: the validated parts of the HTTP request. */
export interface RpcRequest {
  params: unknown;
  query: unknown;
  body: unknown;
  /** only the headers the route declares (lower-case names) */
  headers?: unknown;
}

export function errorFromReply(reply: ErrorReply): AppError {
  return new AppError(reply.status, reply.error.code, reply.error.detail, reply.error.errors);
}

const enc = new TextEncoder();
const dec = new TextDecoder();
/** JSON as UTF-8; an answer already encoded (checked-json.ts) goes as it is. */
export const encode = (v: unknown): Uint8Array => enc.encode(v instanceof EncodedAnswer ? v.json : JSON.stringify(v ?? null));
export const decode = <T>(data: Uint8Array): T => JSON.parse(dec.decode(data)) as T;
