import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { headers as natsHeaders, type NatsConnection } from '@nats-io/transport-node';
import { jetstream, jetstreamManager } from '@nats-io/jetstream';
import {
  AppError,
  billingEvents,
  catalogEvents,
  catalogInternal,
  identityEvents,
  identityInternal,
  identityRoutes,
  type BusPrincipal,
  type Caller,
} from '@lp/contracts';
import { expectAppError } from '@lp/testing';
import {
  busPrincipals,
  CALLER_HEADER,
  CallerSigner,
  CallerVerifier,
  connectBus,
  durableName,
  encode,
  ensureEventStream,
  eventSubject,
  generateCallerKeys,
  inboxPrefixOf,
  natsPasswordEnv,
  natsServerConfig,
  randomNatsPassword,
  RpcClient,
  RpcServer,
  streamName,
} from '../src/index.js';
import { freePort, OwnNats, silent } from './helpers.js';

/**
 * The bus trusts nobody by default: a nats-server of our own running the configuration
 * generated from libs/contracts (production shape: no seed user), each app with its own
 * credentials, and services that believe a caller only when the gateway's key signed it.
 */
describe('bus security', () => {
  const keys = generateCallerKeys();
  const gatewaySigner = new CallerSigner(keys.privateKey);
  const prefix = '';
  const passwords: Record<string, string> = {};
  let nats: OwnNats;
  const conns: NatsConnection[] = [];
  let identityServer: RpcServer;
  let identityHits = 0;

  const connectAs = async (who: BusPrincipal, pass = passwords[who]): Promise<NatsConnection> => {
    const nc = await connectBus({ url: nats.url, prefix, name: `test-${who}`, user: who, pass, inboxPrefix: inboxPrefixOf(who) });
    conns.push(nc);
    return nc;
  };
  const learner: Caller = { userId: 'u-learner', role: 'learner', sessionId: 's-1', institutionId: null };

  beforeAll(async () => {
    const port = await freePort();
    const dir = mkdtempSync(join(tmpdir(), 'lp-nats-sec-'));
    const conf = join(dir, 'nats.conf');
    writeFileSync(conf, natsServerConfig({ prefix, development: false, listen: `127.0.0.1:${port}`, storeDir: join(dir, 'js') }));
    const env: Record<string, string> = {};
    for (const p of busPrincipals({ prefix, development: false })) {
      passwords[p] = randomNatsPassword();
      env[natsPasswordEnv(p)] = passwords[p]!;
    }
    nats = new OwnNats(port, { path: conf, env });
    await nats.start();

    const identity = await connectAs('identity');
    identityServer = new RpcServer(identity, prefix, 'identity', silent, new CallerVerifier(keys.publicKey));
    // answers with a marker error: proof the request reached identity, without building a whole profile
    identityServer.route(identityRoutes.me, async (_input, ctx) => {
      identityHits++;
      throw new AppError(404, 'REACHED', `reached as ${ctx.caller!.userId}`);
    });
    identityServer.route(identityRoutes.adminListUsers, async () => [] as never);
    await identity.flush();
    // the relay's first act: the event stream exists before anyone publishes
    await ensureEventStream(identity, prefix);
  }, 30_000);

  afterAll(async () => {
    await identityServer?.drain();
    for (const nc of conns) await nc.close().catch(() => undefined);
    await nats?.stop();
  }, 15_000);

  describe('callers are proven, not asserted', () => {
    it("answers a caller the gateway's key signed, and enforces the route's guard in the service", async () => {
      const gateway = new RpcClient(await connectAs('gateway'), prefix, 2000, gatewaySigner);
      const req = { params: {}, query: {}, body: undefined };
      const hitsBefore = identityHits;
      const reached = await expectAppError(
        gateway.callRoute(identityRoutes.me, req, { requestId: 'r-ok', caller: learner }),
        404,
        'REACHED',
      );
      expect(reached.detail).toBe('reached as u-learner');
      expect(identityHits).toBe(hitsBefore + 1);
      // the guard is the service's rule too: a learner on an admin route is refused there
      await expectAppError(
        gateway.callRoute(identityRoutes.adminListUsers, req, { requestId: 'r-403', caller: learner }),
        403,
        'FORBIDDEN',
      );
    });

    it('refuses the bare x-user-* headers of old: the request runs as nobody, so a guarded route answers 401', async () => {
      const gateway = await connectAs('gateway');
      const h = natsHeaders();
      h.set('x-request-id', 'forged-1');
      h.set('x-user-id', 'u-admin');
      h.set('x-user-role', 'admin');
      h.set('x-session-id', 's-x');
      const msg = await gateway.request(identityRoutes.adminListUsers.subject, encode({ params: {}, query: {} }), {
        timeout: 2000,
        headers: h,
      });
      expect(msg.headers?.get('lp-reply')).toBe('error');
      expect(JSON.parse(new TextDecoder().decode(msg.data))).toMatchObject({ status: 401, error: { code: 'UNAUTHENTICATED' } });
    });

    it('refuses a caller signed with any other key, a tampered one and an expired one (401 CALLER_NOT_VERIFIED)', async () => {
      const gateway = await connectAs('gateway');
      const admin: Caller = { userId: 'u-admin', role: 'admin', sessionId: 's-a', institutionId: null };
      const send = async (assertion: string) => {
        const h = natsHeaders();
        h.set(CALLER_HEADER, assertion);
        const msg = await gateway.request(identityRoutes.adminListUsers.subject, encode({ params: {}, query: {} }), {
          timeout: 2000,
          headers: h,
        });
        return JSON.parse(new TextDecoder().decode(msg.data)) as { status: number; error: { code: string } };
      };
      const foreign = new CallerSigner(generateCallerKeys().privateKey).sign(admin);
      expect(await send(foreign)).toMatchObject({ status: 401, error: { code: 'CALLER_NOT_VERIFIED' } });

      // a learner's genuine assertion with the role rewritten to admin
      const [v, body, sig] = gatewaySigner.sign(learner).split('.');
      const payload = JSON.parse(Buffer.from(body!, 'base64url').toString()) as Record<string, unknown>;
      const tampered = `${v}.${Buffer.from(JSON.stringify({ ...payload, role: 'admin' })).toString('base64url')}.${sig}`;
      expect(await send(tampered)).toMatchObject({ status: 401, error: { code: 'CALLER_NOT_VERIFIED' } });

      // signed with the right key but expired: a captured header stops working
      const { sign, createPrivateKey } = await import('node:crypto');
      const expiredBody = Buffer.from(
        JSON.stringify({ sub: 'u-admin', role: 'admin', sid: 's', inst: null, exp: Math.floor(Date.now() / 1000) - 5 }),
      ).toString('base64url');
      const key = createPrivateKey({ key: Buffer.from(keys.privateKey, 'base64'), format: 'der', type: 'pkcs8' });
      const expired = `v1.${expiredBody}.${sign(null, Buffer.from(expiredBody), key).toString('base64url')}`;
      expect(await send(expired)).toMatchObject({ status: 401, error: { code: 'CALLER_NOT_VERIFIED' } });
      expect(await send('not-an-assertion')).toMatchObject({ status: 401, error: { code: 'CALLER_NOT_VERIFIED' } });
    });
  });

  describe('each app may use only its own subjects', () => {
    it('refuses a wrong password', async () => {
      await expect(
        connectBus({ url: nats.url, prefix, name: 'intruder', user: 'gateway', pass: 'guess', inboxPrefix: inboxPrefixOf('gateway') }),
      ).rejects.toThrow(/authorization/i);
      await expect(connectBus({ url: nats.url, prefix, name: 'anonymous' })).rejects.toThrow(/authorization/i);
    });

    it("a service's credentials cannot call a route subject: only the gateway's can", async () => {
      for (const who of ['catalog', 'worker', 'assessment'] as const) {
        const client = new RpcClient(await connectAs(who), prefix, 1000, gatewaySigner);
        const before = identityHits;
        await expect(
          client.callRoute(identityRoutes.me, { params: {}, query: {}, body: undefined }, { requestId: `r-${who}`, caller: learner }),
        ).rejects.toBeInstanceOf(AppError);
        expect(identityHits).toBe(before); // identity never saw it
      }
    });

    it("a service's credentials cannot publish another service's event (identity's, billing's)", async () => {
      const catalog = await connectAs('catalog');
      const js = jetstream(catalog, { timeout: 1500 });
      const forged = {
        id: '00000000-0000-4000-8000-000000000001',
        name: identityEvents.userRegistered.name,
        occurred_at: new Date().toISOString(),
        payload: {},
      };
      await expect(js.publish(eventSubject(prefix, identityEvents.userRegistered.name), encode(forged))).rejects.toThrow();
      await expect(
        js.publish(
          eventSubject(prefix, billingEvents.paymentCompleted.name),
          encode({ ...forged, name: billingEvents.paymentCompleted.name }),
        ),
      ).rejects.toThrow();
      // its own event goes through
      await expect(
        js.publish(eventSubject(prefix, catalogEvents.courseCreated.name), encode({ ...forged, name: catalogEvents.courseCreated.name }), {
          msgID: 'own-1',
        }),
      ).resolves.toBeDefined();

      const jsm = await jetstreamManager(await connectAs('identity'));
      const info = await jsm.streams.info(streamName(prefix), { subjects_filter: '>' });
      const subjects = Object.keys(info.state.subjects ?? {});
      expect(subjects).toContain(eventSubject(prefix, catalogEvents.courseCreated.name));
      expect(subjects).not.toContain(eventSubject(prefix, identityEvents.userRegistered.name));
      expect(subjects).not.toContain(eventSubject(prefix, billingEvents.paymentCompleted.name));
    });

    it("cannot answer another service's subject: a catalog responder on identity's route never receives a request", async () => {
      const catalog = await connectAs('catalog');
      let stolen = 0;
      // nats.js calls back once with the server's permissions error: count messages only
      catalog.subscribe(identityRoutes.me.subject, {
        callback: (err) => {
          if (!err) stolen++;
        },
      });
      const gateway = new RpcClient(await connectAs('gateway'), prefix, 2000, gatewaySigner);
      const before = identityHits;
      for (let i = 0; i < 5; i++) {
        await expectAppError(
          gateway.callRoute(identityRoutes.me, { params: {}, query: {}, body: undefined }, { requestId: `r-steal-${i}`, caller: learner }),
          404,
          'REACHED',
        );
      }
      expect(identityHits).toBe(before + 5);
      expect(stolen).toBe(0);
    });

    it('internal subjects are callable only by their declared callers, and seed subjects not at all in production', async () => {
      expect(catalogInternal.certificateRendered.callers).toEqual(['worker']);
      const identity = await connectAs('identity');
      let rendered = 0;
      const catalog = await connectAs('catalog');
      catalog.subscribe(catalogInternal.certificateRendered.subject, {
        callback: (err, m) => {
          if (err) return;
          rendered++;
          m.respond(encode({ message: 'ok' }));
        },
      });
      catalog.subscribe(identityInternal.ensureUser.subject, {
        callback: (err) => {
          if (!err) rendered++;
        },
      });
      await catalog.flush();
      // identity may not call it; the worker may
      await expect(identity.request(catalogInternal.certificateRendered.subject, encode({}), { timeout: 800 })).rejects.toThrow();
      const worker = await connectAs('worker');
      await expect(worker.request(catalogInternal.certificateRendered.subject, encode({}), { timeout: 2000 })).resolves.toBeDefined();
      expect(rendered).toBe(1);
      // no seed principal exists in production; the gateway cannot reach a seed subject either
      expect(passwords.seed).toBeUndefined();
      const gateway = await connectAs('gateway');
      await expect(gateway.request(identityInternal.ensureUser.subject, encode({}), { timeout: 800 })).rejects.toThrow();
    });

    it("cannot read or ack another service's durable consumer", async () => {
      const catalog = await connectAs('catalog');
      const jsm = await jetstreamManager(catalog, { timeout: 1500 });
      // assessment's consumer of course events: catalog may not even look at it
      await expect(jsm.consumers.info(streamName(prefix), durableName('assessment', catalogEvents.courseCreated.name))).rejects.toThrow();
      // nor delete the stream
      await expect(jsm.streams.delete(streamName(prefix))).rejects.toThrow();
    });
  });

  describe('TLS, when asked for', () => {
    it('connects over tls:// with the CA, and a client that does not trust the CA is refused', async () => {
      const { spawnSync } = await import('node:child_process');
      const dir = mkdtempSync(join(tmpdir(), 'lp-nats-tls-'));
      const made = spawnSync('openssl', [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-days',
        '1',
        '-subj',
        '/CN=127.0.0.1',
        '-addext',
        'subjectAltName=IP:127.0.0.1,DNS:localhost',
        '-keyout',
        join(dir, 'key.pem'),
        '-out',
        join(dir, 'cert.pem'),
      ]);
      expect(made.status).toBe(0);
      const port = await freePort();
      const conf = join(dir, 'nats.conf');
      writeFileSync(
        conf,
        natsServerConfig({
          prefix,
          development: false,
          listen: `127.0.0.1:${port}`,
          storeDir: join(dir, 'js'),
          tls: { certFile: join(dir, 'cert.pem'), keyFile: join(dir, 'key.pem') },
        }),
      );
      const env = Object.fromEntries(Object.entries(passwords).map(([p, pw]) => [natsPasswordEnv(p as BusPrincipal), pw]));
      const tlsNats = new OwnNats(port, { path: conf, env });
      await tlsNats.start();
      try {
        const nc = await connectBus({
          url: `tls://127.0.0.1:${port}`,
          prefix,
          name: 'tls',
          user: 'gateway',
          pass: passwords.gateway,
          inboxPrefix: inboxPrefixOf('gateway'),
          tlsCaFile: join(dir, 'cert.pem'),
        });
        expect(nc.info?.tls_required).toBe(true);
        await nc.close();
        // a self-signed server the client has no CA for is not trusted
        await expect(
          connectBus({ url: `tls://127.0.0.1:${port}`, prefix, name: 'tls-untrusted', user: 'gateway', pass: passwords.gateway }),
        ).rejects.toThrow();
      } finally {
        await tlsNats.stop();
      }
    }, 30_000);
  });
});
