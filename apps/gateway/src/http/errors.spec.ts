import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import Fastify, { type FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import { handleError, isMalformedMultipart } from './errors.js';

describe('errors of the multipart parser', () => {
  let app: FastifyInstance;
  let url: string;
  // over a socket: Fastify's inject loads an ESM-only module that Jest cannot require
  const post = async (body: string, contentType: string) => {
    const res = await fetch(`${url}/form`, { method: 'POST', headers: { 'content-type': contentType }, body });
    return { statusCode: res.status, json: async () => res.json() };
  };

  beforeAll(async () => {
    app = Fastify({ logger: false });
    await app.register(multipart);
    app.setErrorHandler(handleError);
    app.post('/form', async (request) => {
      const fields: string[] = [];
      for await (const part of request.parts()) fields.push(part.fieldname);
      return { fields };
    });
    url = await app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => app.close());

  it.each([
    ['no boundary', '', 'multipart/form-data'],
    ['data ending mid-part', '--b\r\nContent-Disposition: form-data; name="title"\r\n\r\nunterminated', 'multipart/form-data; boundary=b'],
    ['no multipart at all', 'this is not multipart', 'multipart/form-data; boundary=b'],
    ['an overlong boundary', '--x\r\n', `multipart/form-data; boundary=${'b'.repeat(300)}`],
  ])('answers a body with %s 400 in the error shape', async (_, body, contentType) => {
    const res = await post(body, contentType);
    expect(res.statusCode).toBe(400);
    expect(await res.json()).toEqual({ detail: 'The multipart body is malformed', code: 'BAD_REQUEST', errors: [] });
  });

  it('still reads a well-formed body', async () => {
    const res = await post('--b\r\nContent-Disposition: form-data; name="title"\r\n\r\nx\r\n--b--\r\n', 'multipart/form-data; boundary=b');
    expect([res.statusCode, await res.json()]).toEqual([200, { fields: ['title'] }]);
  });

  it('keeps a fault of ours met inside a parser callback a 500', () => {
    const ours = new Error('disk full');
    ours.stack =
      'Error: disk full\n    at putStream (/app/libs/storage/src/local.ts:10:5)\n    at Dicer.emit (/app/node_modules/@fastify/busboy/deps/dicer/lib/Dicer.js:54:28)';
    expect(isMalformedMultipart(ours)).toBe(false);
    expect(isMalformedMultipart(new TypeError("Cannot read properties of undefined (reading 'x')"))).toBe(false);
  });
});
