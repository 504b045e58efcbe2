import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import type { NatsConnection } from '@nats-io/transport-node';
import pino from 'pino';
import { AppError, ALL_LIVE_FEEDS, type Caller } from '@lp/contracts';
import { encode, type RpcClient } from '@lp/bus';
import { DownloadLinks, TokenService, type RevocationStore } from '@lp/auth';
import { registerLiveFeeds } from './live-routes.js';
import type { LiveHub } from './live-hub.js';

const SECRET = 'live-routes-spec-secret-of-enough-length';
const GROUP = randomUUID();

/**
 * The live routes on a bare Fastify with doubles for community (the access answer), Redis
 * (revocation) and NATS (the subscription the events arrive on): what a stream does over time.
 */
describe('live feed routes', () => {
  let app: FastifyInstance;
  let hub: LiveHub;
  let url: string;
  let access: (subject: string, id: string, userId: string) => void;
  let revoked: boolean;
  const subscriptions = new Map<string, (err: Error | null, msg: { data: Uint8Array }) => void>();
  const publish = (name: string, payload: unknown) =>
    subscriptions.get(`test.events.${name}`)?.(null, { data: encode({ id: randomUUID(), name, occurred_at: '', payload }) });
  const caller = (): Caller => ({ userId: randomUUID(), role: 'learner', sessionId: randomUUID(), institutionId: null });

  // connections are cut on close, except where a test proves the streams end by themselves
  const start = async (ttlSeconds = 900, cutOnClose = true) => {
    app = Fastify(cutOnClose ? { forceCloseConnections: true } : {});
    hub = registerLiveFeeds(app, ALL_LIVE_FEEDS, {
      tokens: new TokenService(SECRET, ttlSeconds),
      links: new DownloadLinks(SECRET),
      revocations: { isRevoked: async () => revoked } as unknown as RevocationStore,
      rpc: {
        request: async (_subject: string, p: { subject: string; id: string; user_id: string }) => {
          access(p.subject, p.id, p.user_id);
          return { allowed: true };
        },
      } as unknown as RpcClient,
      nc: {
        subscribe: (subject: string, opts: { callback: (err: Error | null, msg: { data: Uint8Array }) => void }) => {
          subscriptions.set(subject, opts.callback);
          return { unsubscribe: () => subscriptions.delete(subject) };
        },
      } as unknown as NatsConnection,
      prefix: 'test.',
      log: pino({ level: 'silent' }),
      timing: { keepAliveMs: 50, recheckMs: 100 },
    });
    url = await app.listen({ port: 0, host: '127.0.0.1' });
    return new TokenService(SECRET, ttlSeconds);
  };

  /** Reads a stream until `until` says enough or it ends; answers the text and whether it ended. */
  const read = async (
    path: string,
    token: string,
    until: (text: string) => boolean,
    ms = 3000,
  ): Promise<{ status: number; text: string; ended: boolean }> => {
    const controller = new AbortController();
    const res = await fetch(`${url}${path}`, { headers: { authorization: `Bearer ${token}` }, signal: controller.signal });
    if (res.status !== 200) return { status: res.status, text: await res.text(), ended: true };
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let text = '';
    const timer = setTimeout(() => controller.abort(), ms);
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return { status: 200, text, ended: true };
        text += decoder.decode(value, { stream: true });
        if (until(text)) return { status: 200, text, ended: false };
      }
    } catch {
      return { status: 200, text, ended: false };
    } finally {
      clearTimeout(timer);
      controller.abort();
    }
  };

  beforeEach(() => {
    access = () => undefined;
    revoked = false;
    subscriptions.clear();
  });
  let closed = false;
  afterEach(async () => {
    if (!closed) await app.close();
    closed = false;
  });

  it('subscribes once to exactly the events the feeds forward', async () => {
    await start();
    expect([...subscriptions.keys()].sort()).toEqual(
      [
        'community.answer.posted',
        'community.direct-message.sent',
        'community.direct-messages.read',
        'community.forum-post.created',
        'community.message.posted',
        'community.question.asked',
        'gamification.badge.earned',
        'gamification.level.reached',
        'gamification.notification.created',
      ].map((n) => `test.events.${n}`),
    );
  });

  it('starts with retry and ready, then sends a keep-alive comment on its own', async () => {
    const tokens = await start();
    const r = await read('/api/live/qa', tokens.sign(caller()), (t) => t.includes(': keep-alive\n\n'));
    expect(r.status).toBe(200);
    expect(r.text.startsWith('retry: 3000\n\n: ready\n\n')).toBe(true);
    expect(r.ended).toBe(false);
  });

  it("forwards an event from the bus to the group's stream, as declared and nothing more", async () => {
    const tokens = await start();
    const payload = { v: 1, message_id: 'm', group_id: GROUP, author_id: 'a', author_name: 'Ann', content: 'hi', created_at: 'now' };
    const reading = read(`/api/live/study-groups/${GROUP}`, tokens.sign(caller()), (t) => t.includes('event: community.message.posted'));
    while (hub.count() === 0) await new Promise((r) => setTimeout(r, 5));
    publish('community.message.posted', { group_id: GROUP, content: 'not an event of the contract' });
    publish('community.message.posted', { ...payload, secret: 'not in the contract' });
    const r = await reading;
    expect(r.text).toContain(`event: community.message.posted\ndata: ${JSON.stringify(payload)}\n\n`);
    expect(r.text).not.toContain('not an event of the contract');
    expect(r.text).not.toContain('secret');
  });

  it("sends the caller their own level and badge events and nobody else's, without asking community", async () => {
    const tokens = await start();
    const asked: string[] = [];
    access = (subject) => void asked.push(subject);
    const me = caller();
    const other = caller();
    const level = { v: 1, user_id: me.userId, level: 3, total_xp: 320, reached_at: '2026-11-27T10:00:00.000Z' };
    const badge = {
      v: 1,
      user_id: me.userId,
      badge_code: 'first_course',
      badge_name: 'First course',
      icon: 'graduation-cap',
      earned_at: '2026-11-27T10:00:00.000Z',
    };
    const mine = read('/api/live/me', tokens.sign(me), (t) => t.includes('event: gamification.badge.earned'));
    const theirs = read('/api/live/me', tokens.sign(other), () => false, 1500);
    while (hub.count() < 2) await new Promise((r) => setTimeout(r, 5));
    publish('gamification.level.reached', { ...level, user_id: other.userId, level: 9 });
    publish('gamification.level.reached', level);
    publish('gamification.badge.earned', badge);
    const r = await mine;
    expect(r.status).toBe(200);
    expect(r.text).toContain(`event: gamification.level.reached\ndata: ${JSON.stringify(level)}\n\n`);
    expect(r.text).toContain(`event: gamification.badge.earned\ndata: ${JSON.stringify(badge)}\n\n`);
    expect(r.text).not.toContain('"level":9');
    const o = await theirs;
    expect(o.text).toContain('"level":9');
    expect(o.text).not.toContain(me.userId);
    expect(asked).toEqual([]);
  });

  it('refuses the own feed without a token, before any stream starts', async () => {
    await start();
    const res = await fetch(`${url}/api/live/me`);
    expect(res.status).toBe(401);
    expect(res.headers.get('content-type')).toContain('application/json');
    expect(hub.count()).toBe(0);
  });

  it('ends the stream when its token expires', async () => {
    const tokens = await start(1);
    const r = await read('/api/live/qa', tokens.sign(caller()), () => false, 4000);
    expect(r.ended).toBe(true);
    expect(hub.count()).toBe(0);
  });

  it('ends the stream when a re-check is refused or the session was revoked, not when community cannot answer', async () => {
    const tokens = await start();
    let answer: 'ok' | 'down' | 'refused' = 'ok';
    access = () => {
      if (answer === 'down') throw new AppError(503, 'SERVICE_UNAVAILABLE', 'down');
      if (answer === 'refused') throw AppError.forbidden('no', 'NOT_GROUP_MEMBER');
    };
    const down = read(`/api/live/study-groups/${GROUP}`, tokens.sign(caller()), (t) => t.split(': keep-alive').length > 8, 3000);
    while (hub.count() === 0) await new Promise((r) => setTimeout(r, 5));
    answer = 'down';
    expect((await down).ended).toBe(false);

    answer = 'refused';
    expect((await read(`/api/live/study-groups/${GROUP}`, tokens.sign(caller()), () => false)).status).toBe(403);
    answer = 'ok';
    const refusedLater = read(`/api/live/study-groups/${GROUP}`, tokens.sign(caller()), () => false, 3000);
    while (hub.count() === 0) await new Promise((r) => setTimeout(r, 5));
    answer = 'refused';
    expect((await refusedLater).ended).toBe(true);

    answer = 'ok';
    const signedOut = read('/api/live/qa', tokens.sign(caller()), () => false, 3000);
    while (hub.count() === 0) await new Promise((r) => setTimeout(r, 5));
    revoked = true;
    expect((await signedOut).ended).toBe(true);
  });

  it("frees the user's place when the client goes away", async () => {
    const tokens = await start();
    const who = caller();
    await read('/api/live/qa', tokens.sign(who), (t) => t.includes(': ready'));
    for (let i = 0; i < 100 && hub.count(who.userId) > 0; i++) await new Promise((r) => setTimeout(r, 10));
    expect(hub.count(who.userId)).toBe(0);
    expect(hub.count()).toBe(0);
  });

  it('ends open streams when the gateway shuts down, instead of holding the shutdown', async () => {
    const tokens = await start(900, false);
    const reading = read('/api/live/qa', tokens.sign(caller()), () => false, 5000);
    while (hub.count() === 0) await new Promise((r) => setTimeout(r, 5));
    const t0 = Date.now();
    closed = true;
    await app.close();
    expect((await reading).ended).toBe(true);
    expect(Date.now() - t0).toBeLessThan(1000);
  });
});
