import { randomUUID } from 'node:crypto';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, type ErrorBody } from '@lp/contracts';

const GENERIC_4XX: Record<number, string> = {
  400: 'The request is malformed',
  405: 'Method not allowed',
  406: 'Not acceptable',
  415: 'Unsupported content type',
};

export function sendError(reply: FastifyReply, status: number, body: ErrorBody): FastifyReply {
  return reply.code(status).header('content-type', 'application/json; charset=utf-8').send(body);
}

export function sendAppError(reply: FastifyReply, e: AppError): FastifyReply {
  if (e.status === 429 && !reply.hasHeader('retry-after')) reply.header('retry-after', '60');
  return sendError(reply, e.status, e.toBody());
}

/**
 * Fastify's own errors (bad JSON, body too large, wrong content type) and anything
 * unexpected, mapped to the error shape. No stack or internal message reaches a client.
 */
export function handleError(error: FastifyError | Error, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  if (AppError.isAppError(error)) return sendAppError(reply, error);
  const fe = error as FastifyError;
  switch (fe.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
    case 'FST_REQ_FILE_TOO_LARGE':
    case 'FST_PARTS_LIMIT':
    case 'FST_FILES_LIMIT':
      return sendError(reply, 413, { detail: 'The request body is too large', code: 'PAYLOAD_TOO_LARGE', errors: [] });
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return sendError(reply, 415, { detail: 'Unsupported content type', code: 'UNSUPPORTED_MEDIA_TYPE', errors: [] });
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return sendError(reply, 400, { detail: 'The request body is malformed', code: 'BAD_REQUEST', errors: [] });
    case 'FST_ERR_BAD_URL':
      return sendError(reply, 400, { detail: 'The address is malformed', code: 'BAD_URL', errors: [] });
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return sendError(reply, 414, { detail: 'The address is too long', code: 'URI_TOO_LONG', errors: [] });
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return sendError(reply, 415, { detail: 'Expected a multipart/form-data body', code: 'UNSUPPORTED_MEDIA_TYPE', errors: [] });
  }
  if (isMalformedMultipart(error)) {
    return sendError(reply, 400, { detail: 'The multipart body is malformed', code: 'BAD_REQUEST', errors: [] });
  }
  if (error instanceof SyntaxError || fe.code === 'FST_ERR_CTP_INVALID_JSON_BODY') {
    return sendError(reply, 400, { detail: 'The request body is not valid JSON', code: 'BAD_REQUEST', errors: [] });
  }
  const status = fe.statusCode ?? 500;
  if (status === 413) return sendError(reply, 413, { detail: 'The request body is too large', code: 'PAYLOAD_TOO_LARGE', errors: [] });
  if (status >= 400 && status < 500) {
    return sendError(reply, status, {
      detail: GENERIC_4XX[status] ?? 'The request could not be processed',
      code: status === 400 ? 'BAD_REQUEST' : `HTTP_${status}`,
      errors: [],
    });
  }
  const errorId = randomUUID();
  request.log.error({ err: error, errorId }, 'unhandled gateway error');
  return sendError(reply, 500, { detail: `Something went wrong on our side. Reference: ${errorId}`, code: 'INTERNAL', errors: [] });
}

/**
 * The multipart parser (busboy) refuses a broken body (no or an overlong boundary, data
 * ending mid-part) with plain Errors: no code or status, only where they were made and
 * their words tell them from a fault of ours. They are the caller's mistake, a 400.
 */
export function isMalformedMultipart(error: Error): boolean {
  // where it was made, not what it passed through: a fault of ours inside a parser callback stays a 500
  const madeAt = (error.stack ?? '').split('\n').find((line) => line.trimStart().startsWith('at ')) ?? '';
  if (/[\\/]@fastify[\\/]busboy[\\/]/.test(madeAt)) return true;
  return /^Multipart: |unexpected end of multipart data|^Boundary required|^The needle /i.test(error.message);
}
