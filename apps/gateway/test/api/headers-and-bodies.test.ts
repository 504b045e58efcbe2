import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startStack, uniqueEmail, type Stack } from './harness.js';

const MP4 = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypmp42', 'latin1'), Buffer.alloc(16)]);

type Auth = { token: string; user: { id: string } };

const cspOf = (h: Headers): Record<string, string> =>
  Object.fromEntries(
    (h.get('content-security-policy') ?? '')
      .split(';')
      .map((d) => d.trim())
      .filter(Boolean)
      .map((d) => [d.split(' ')[0]!, d.slice(d.indexOf(' ') + 1)]),
  );

describe('gateway: security headers, bodies and export limits', () => {
  let stack: Stack;
  const register = async (role = 'learner'): Promise<Auth> => {
    const res = await stack.api<Auth>('POST', '/auth/register', {
      body: { name: `Test ${role}`, email: uniqueEmail(role), password: 'secret-pass-1', role },
    });
    expect(res.status).toBe(201);
    return res.body;
  };
  const uploadsOnDisk = async (): Promise<string[]> => readdir(join(stack.env.STORAGE_DIR!, 'uploads')).catch(() => []);
  const pdfForm = (): FormData => {
    const f = new FormData();
    f.append('content_type', 'pdf');
    f.append('title', 'Slides');
    f.append('file', new Blob([Buffer.from('%PDF-1.4\n%%EOF\n')], { type: 'application/pdf' }), 'slides.pdf');
    return f;
  };

  // the real limits (scale 1): the export limit is what this file proves
  beforeAll(async () => {
    stack = await startStack({ RATE_LIMIT_SCALE: '1', TRUST_PROXY: 'true' });
  }, 90_000);
  afterAll(async () => stack.stop(), 30_000);

  it('sends the security headers on API answers, errors, the SPA and the API docs', async () => {
    const spa = await fetch(`${stack.url}/courses`);
    expect(spa.status).toBe(200);
    const api = await stack.api('GET', '/health');
    const error = await stack.api('GET', '/no/such/route');
    for (const res of [spa, api, error]) {
      const csp = cspOf(res.headers);
      expect(csp['script-src']).toBe("'self'");
      expect(csp['default-src']).toBe("'self'");
      expect(csp['frame-ancestors']).toBe("'self'");
      expect(csp['object-src']).toBe("'none'");
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      expect(res.headers.get('x-frame-options')).toBe('SAMEORIGIN');
      // plain http here: no promise of TLS
      expect(res.headers.get('strict-transport-security')).toBeNull();
    }
    // the SPA itself carries no inline script for the policy to have to allow
    const html = await spa.text();
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    const docs = await fetch(`${stack.url}/api/docs/static/index.html`);
    expect(docs.status).toBe(200);
    expect(docs.headers.get('content-security-policy')).toMatch(/script-src 'self'/);
  });

  it('promises TLS (HSTS) when the request came over https through the proxy', async () => {
    const res = await stack.api('GET', '/health', { headers: { 'x-forwarded-proto': 'https' } });
    expect(res.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
  });

  it('refuses a multipart body on a route that takes JSON with 415, storing nothing', async () => {
    const learner = await register();
    const before = await uploadsOnDisk();
    const f = new FormData();
    f.append('bio', 'x');
    f.append('file', new Blob([Buffer.alloc(64 * 1024, 1)], { type: 'application/octet-stream' }), 'a.bin');
    const res = await stack.api('PUT', '/users/profile', { token: learner.token, raw: f });
    expect(res.status).toBe(415);
    expect(res.body).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE', errors: [] });
    expect(await uploadsOnDisk()).toEqual(before);
  });

  it('reads no upload before the caller is authenticated', async () => {
    const before = await uploadsOnDisk();
    const res = await stack.api('POST', '/courses/3f1c2a9e-5b7d-4c1e-8a2f-9d0b6e4c7a11/content', { raw: pdfForm() });
    expect(res.status).toBe(401);
    expect(await uploadsOnDisk()).toEqual(before);
  });

  it("reads no upload once the caller is over the route's limit", async () => {
    const ivan = await register('instructor');
    const path = '/courses/3f1c2a9e-5b7d-4c1e-8a2f-9d0b6e4c7a11/content';
    // spend the upload allowance with empty forms (each counts), then send a real file
    const from = { 'x-forwarded-for': '203.0.113.9' };
    for (let i = 0; i < 60; i++) await stack.api('POST', path, { token: ivan.token, raw: new FormData(), headers: from });
    const before = await uploadsOnDisk();
    const res = await stack.api('POST', path, { token: ivan.token, raw: pdfForm(), headers: from });
    expect(res.status).toBe(429);
    expect(await uploadsOnDisk()).toEqual(before);
  }, 60_000);

  it('serves a stored file so that it cannot act as a page of the platform', async () => {
    const ivan = await register('instructor');
    const course = await stack.api<{ id: string }>('POST', '/courses', {
      token: ivan.token,
      body: { title: 'Headers 101', description: 'About it', price: 0, is_published: true },
    });
    expect(course.status).toBe(201);
    const pdf = await stack.api<{ url: string }>('POST', `/courses/${course.body.id}/content`, { token: ivan.token, raw: pdfForm() });
    expect(pdf.status).toBe(201);
    const file = await fetch(`${stack.url}${pdf.body.url}`, { headers: { authorization: `Bearer ${ivan.token}` } });
    expect(file.status).toBe(200);
    expect(file.headers.get('content-disposition')).toBe('inline; filename="slides.pdf"');
    expect(file.headers.get('content-security-policy')).toBe("frame-ancestors 'self'");
    expect(file.headers.get('x-content-type-options')).toBe('nosniff');
    // a type the platform takes but a browser could be talked into running stays sandboxed
    const video = new FormData();
    video.append('content_type', 'video');
    video.append('title', 'Talk');
    video.append('file', new Blob([MP4], { type: 'video/mp4' }), 'talk.mp4');
    const talk = await stack.api<{ url: string }>('POST', `/courses/${course.body.id}/content`, { token: ivan.token, raw: video });
    expect(talk.status).toBe(201);
    const served = await fetch(`${stack.url}${talk.body.url}`, { headers: { authorization: `Bearer ${ivan.token}` } });
    expect(served.headers.get('content-disposition')).toBe('inline; filename="talk.mp4"');
    expect(served.headers.get('content-security-policy')).toMatch(/^sandbox; default-src 'none'/);
  });

  it('limits data exports per user, whatever address they come from', async () => {
    const learner = await register();
    const statuses: number[] = [];
    for (let i = 0; i < 61; i++) {
      const res = await stack.api('GET', '/users/export-data', {
        token: learner.token,
        headers: { 'x-forwarded-for': `198.51.100.${(i % 250) + 1}` },
      });
      statuses.push(res.status);
      if (res.status === 429) expect(res.body).toMatchObject({ code: 'RATE_LIMITED' });
    }
    // the file, or 202 while it is being gathered; the 61st ask in the hour is one too many
    expect(statuses.slice(0, 60).every((s) => s === 200 || s === 202)).toBe(true);
    expect(statuses[60]).toBe(429);
    // another user is not held back by the first one's exports
    const other = await register();
    expect([200, 202]).toContain(
      (await stack.api('GET', '/users/export-data', { token: other.token, headers: { 'x-forwarded-for': '198.51.100.1' } })).status,
    );
  }, 90_000);

  it('answers an export still being gathered with 202, its progress and Retry-After, then the file', async () => {
    const learner = await register();
    const first = await stack.api<{ status: string; progress: number; message: string }>('GET', '/users/export-data', {
      token: learner.token,
      headers: { 'x-forwarded-for': '198.51.100.50' },
    });
    if (first.status === 202) {
      expect(first.headers.get('retry-after')).toBe('2');
      expect(first.body).toMatchObject({ status: expect.stringMatching(/^(queued|running)$/), progress: expect.any(Number) });
    } else expect(first.status).toBe(200);
    const file = await stack.fetchFile('/api/users/export-data', {
      headers: { authorization: `Bearer ${learner.token}`, 'x-forwarded-for': '198.51.100.51' },
    });
    expect(file.status).toBe(200);
    expect(file.headers.get('content-disposition')).toMatch(/^attachment;/);
    // read to the end: a response left unread keeps its connection busy
    expect(JSON.parse(Buffer.from(await file.arrayBuffer()).toString('utf8'))).toBeTruthy();
  }, 60_000);
});
