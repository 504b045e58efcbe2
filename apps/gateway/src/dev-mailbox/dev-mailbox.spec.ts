import { afterEach, describe, expect, it } from '@jest/globals';
import Fastify, { type FastifyInstance } from 'fastify';
import type { DevMailboxMessage } from '@lp/service-kit';
import { registerDevMailbox } from './dev-mailbox.js';

const stored: DevMailboxMessage = {
  id: 'm1',
  message_id: '<m1@learning-platform.local>',
  to: 'colleague@example.test',
  from: 'Learning Platform <no-reply@learning-platform.local>',
  subject: 'An invitation',
  text: 'Open http://localhost:5173/community/groups/g1',
  html: null,
  kind: 'community.invitation',
  sent_at: '2026-11-25T10:00:00.000Z',
  raw: 'Subject: An invitation\n\nOpen http://localhost:5173/community/groups/g1\n',
};
const mailbox = { list: async () => [stored], get: async (id: string) => (id === stored.id ? stored : null) };

// a bare Fastify over a socket (Fastify's inject loads an ESM-only module Jest cannot require)
describe('development mailbox routes', () => {
  let app: FastifyInstance | undefined;
  afterEach(() => app?.close());

  async function serve(nodeEnv: string, doors?: '1'): Promise<string> {
    app = Fastify({ logger: false });
    registerDevMailbox(app, mailbox, { NODE_ENV: nodeEnv, ...(doors ? { LP_DEV_DOORS: doors } : {}) });
    return app.listen({ port: 0, host: '127.0.0.1' });
  }

  it.each(['development', 'test'])('lists the messages without their source and opens one in %s', async (nodeEnv) => {
    const url = await serve(nodeEnv);
    const list = await fetch(`${url}/api/dev/mailbox`);
    expect(list.status).toBe(200);
    expect(list.headers.get('cache-control')).toBe('no-store');
    const { raw: _raw, ...entry } = stored;
    expect(await list.json()).toEqual({ messages: [entry] });
    const one = await fetch(`${url}/api/dev/mailbox/m1`);
    expect(await one.json()).toEqual(stored);
    const missing = await fetch(`${url}/api/dev/mailbox/nope`);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ detail: 'No such message in the development mailbox', code: 'NOT_FOUND', errors: [] });
  });

  it('does not exist in production', async () => {
    const url = await serve('production');
    expect((await fetch(`${url}/api/dev/mailbox`)).status).toBe(404);
    expect((await fetch(`${url}/api/dev/mailbox/m1`)).status).toBe(404);
  });

  it('is a development door: shut to a request a proxy forwarded from elsewhere, open again with LP_DEV_DOORS=1', async () => {
    let url = await serve('development');
    const forwarded = await fetch(`${url}/api/dev/mailbox`, { headers: { 'x-forwarded-for': '203.0.113.7' } });
    expect(forwarded.status).toBe(404);
    expect(await forwarded.json()).toEqual({ detail: 'Not found', code: 'NOT_FOUND', errors: [] });
    expect((await fetch(`${url}/api/dev/mailbox/m1`, { headers: { forwarded: 'for=203.0.113.7' } })).status).toBe(404);
    await app!.close();
    url = await serve('development', '1');
    expect((await fetch(`${url}/api/dev/mailbox`, { headers: { 'x-forwarded-for': '203.0.113.7' } })).status).toBe(200);
  });
});
