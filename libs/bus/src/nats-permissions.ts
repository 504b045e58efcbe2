import {
  ALL_EVENTS,
  ALL_INTERNAL,
  ALL_ROUTES,
  EVENT_CONSUMERS,
  LIVE_EVENTS,
  RUNNING_SERVICES,
  systemSubjects,
  type AppName,
  type BusPrincipal,
  type ServiceName,
} from '@lp/contracts';
import { randomBytes } from 'node:crypto';
import { eventSubject, streamName, subjectFor } from './connection.js';

/**
 * NATS users and subject permissions, generated from libs/contracts: a service answers only
 * its own subjects and publishes only its own events; only the gateway calls route subjects;
 * an internal subject is callable only by the principals its declaration names; seed subjects
 * and the seed user exist only in development. Every JetStream API subject a principal may
 * use is named exactly (its own durable consumers, the one event stream), so no principal can
 * read another's consumer, ack its messages or delete anything.
 */
export interface PrincipalPermissions {
  publish: string[];
  subscribe: string[];
  /** may answer requests on the subjects it subscribes to (services and the worker) */
  allowResponses: boolean;
}

export interface PermissionOptions {
  /** the BUS_PREFIX of the stack (empty in production) */
  prefix: string;
  /** adds the seed principal and the devOnly subjects */
  development: boolean;
  /** the services that run (default RUNNING_SERVICES) */
  services?: readonly ServiceName[];
}

/** Each principal's replies arrive under its own inbox prefix, so none can listen to another's answers. */
export const inboxPrefixOf = (principal: BusPrincipal): string => `_INBOX_${principal.replace(/[^A-Za-z0-9]/g, '_')}`;

/**
 * A NATS password safe to pass through the environment: nats-server parses an environment
 * reference as a configuration value, so a value starting with a digit ("7e3…") is read as a
 * number and the server refuses to start. A letter, then hex, is always a plain string.
 */
export const randomNatsPassword = (): string => `p${randomBytes(20).toString('hex')}`;

/** The env setting that holds a principal's NATS password (in the nats-server process and in the app). */
// 'telegram-bot' -> NATS_PASSWORD_TELEGRAM_BOT: a dash is no part of an environment name (nor of a nats-server variable)
export const natsPasswordEnv = (principal: BusPrincipal): string => `NATS_PASSWORD_${principal.toUpperCase().replace(/[^A-Z0-9]/g, '_')}`;

/** The durable JetStream consumer an app uses for one event (EventConsumer and the permissions agree on it). */
export const durableName = (app: string, eventName: string): string => `${app}__${eventName.replace(/[.*>]/g, '_')}`;

/** The principals of a stack: its services, the worker, the Telegram bot, the gateway, and the seed in development. */
export function busPrincipals(opts: PermissionOptions): BusPrincipal[] {
  return [...(opts.services ?? RUNNING_SERVICES), 'worker', 'telegram-bot', 'gateway', ...(opts.development ? (['seed'] as const) : [])];
}

export function busPermissions(opts: PermissionOptions): Record<string, PrincipalPermissions> {
  const p = opts.prefix;
  const services = opts.services ?? RUNNING_SERVICES;
  const stream = streamName(p);
  const internal = ALL_INTERNAL.filter((d) => opts.development || !d.devOnly);
  const routes = ALL_ROUTES.filter((r) => services.includes(r.service));
  const healthOf = (app: AppName) => subjectFor(p, systemSubjects.health(app as ServiceName));
  const callable = (who: BusPrincipal) => internal.filter((d) => d.callers.includes(who)).map((d) => subjectFor(p, d.subject));
  const inbox = (who: BusPrincipal) => `${inboxPrefixOf(who)}.>`;

  const out: Record<string, PrincipalPermissions> = {};
  for (const svc of services) {
    const consumed = EVENT_CONSUMERS[svc] ?? [];
    const emits = ALL_EVENTS.filter((e) => e.service === svc);
    const jetstream =
      emits.length || consumed.length ? ['$JS.API.INFO', `$JS.API.STREAM.INFO.${stream}`, `$JS.API.STREAM.CREATE.${stream}`] : [];
    const consumerApi = consumed.flatMap((e) => {
      const d = durableName(svc, e.name);
      return [
        `$JS.API.CONSUMER.INFO.${stream}.${d}`,
        `$JS.API.CONSUMER.CREATE.${stream}.${d}`,
        `$JS.API.CONSUMER.CREATE.${stream}.${d}.>`,
        `$JS.API.CONSUMER.DURABLE.CREATE.${stream}.${d}`,
        `$JS.API.CONSUMER.MSG.NEXT.${stream}.${d}`,
        `$JS.ACK.${stream}.${d}.>`,
      ];
    });
    out[svc] = {
      publish: uniq([...emits.map((e) => eventSubject(p, e.name)), ...callable(svc), healthOf(svc), ...jetstream, ...consumerApi]),
      subscribe: uniq([
        ...routes.filter((r) => r.service === svc).map((r) => subjectFor(p, r.subject)),
        ...internal.filter((d) => d.subject.split('.')[0] === svc).map((d) => subjectFor(p, d.subject)),
        subjectFor(p, `${svc}.system.>`),
        inbox(svc),
      ]),
      allowResponses: true,
    };
  }
  out.worker = {
    publish: uniq([...services.map((s) => subjectFor(p, systemSubjects.exportUserData(s))), ...callable('worker'), healthOf('worker')]),
    subscribe: [subjectFor(p, 'worker.system.>'), inbox('worker')],
    allowResponses: true,
  };
  // the bot calls only the internal subjects that name it (its own reads and identity's link
  // subjects), never a route subject: it holds no caller-signing key, so it cannot act as a user on a route
  out['telegram-bot'] = {
    publish: uniq([...callable('telegram-bot'), healthOf('telegram-bot')]),
    subscribe: [subjectFor(p, 'telegram-bot.system.>'), inbox('telegram-bot')],
    allowResponses: true,
  };
  out.gateway = {
    publish: uniq([
      ...routes.map((r) => subjectFor(p, r.subject)),
      ...callable('gateway'),
      ...[...services, 'worker' as const, 'telegram-bot' as const].map(healthOf),
    ]),
    // the live feeds (libs/contracts community/live.ts): a plain subscription to exactly their events, no consumer
    subscribe: uniq([inbox('gateway'), ...LIVE_EVENTS.filter((e) => services.includes(e.service)).map((e) => eventSubject(p, e.name))]),
    allowResponses: false,
  };
  if (opts.development) {
    // the demo-data seed calls seed subjects and, as a demo user, route subjects (so the server grades its quiz attempts)
    out.seed = {
      publish: uniq([
        ...callable('seed'),
        ...routes.map((r) => subjectFor(p, r.subject)),
        ...[...services, 'worker' as const].map(healthOf),
        '$JS.API.INFO',
      ]),
      subscribe: [inbox('seed')],
      allowResponses: false,
    };
  }
  return out;
}

export interface NatsConfigOptions extends PermissionOptions {
  listen?: string;
  storeDir?: string;
  /** HTTP monitoring port (health checks of compose/k8s) */
  monitorPort?: number;
  tls?: { certFile: string; keyFile: string; caFile?: string };
}

/**
 * A nats-server configuration file. Passwords are references to environment variables
 * (`$NATS_PASSWORD_<PRINCIPAL>`) that nats-server resolves at start, so the same file serves
 * `npm start` (random passwords per run), docker-compose and k8s (secrets).
 */
export function natsServerConfig(opts: NatsConfigOptions): string {
  const perms = busPermissions(opts);
  const list = (xs: string[]) => `[${xs.map((x) => JSON.stringify(x)).join(', ')}]`;
  const lines = ['# Generated from libs/contracts by libs/bus/src/nats-permissions.ts. Do not edit by hand.'];
  if (opts.listen) lines.push(`listen: ${JSON.stringify(opts.listen)}`);
  if (opts.monitorPort) lines.push(`http_port: ${opts.monitorPort}`);
  lines.push(opts.storeDir ? `jetstream { store_dir: ${JSON.stringify(opts.storeDir)} }` : 'jetstream: enabled');
  if (opts.tls) {
    lines.push(
      'tls {',
      `  cert_file: ${JSON.stringify(opts.tls.certFile)}`,
      `  key_file: ${JSON.stringify(opts.tls.keyFile)}`,
      ...(opts.tls.caFile ? [`  ca_file: ${JSON.stringify(opts.tls.caFile)}`] : []),
      '}',
    );
  }
  lines.push('authorization {', '  users = [');
  for (const [who, pp] of Object.entries(perms)) {
    lines.push(
      `    { user: ${JSON.stringify(who)}, password: $${natsPasswordEnv(who as BusPrincipal)}, permissions: {`,
      `        publish: { allow: ${list(pp.publish)} }`,
      `        subscribe: { allow: ${list(pp.subscribe)} }`,
      ...(pp.allowResponses ? ['        allow_responses: true'] : []),
      '    } }',
    );
  }
  lines.push('  ]', '}', '');
  return lines.join('\n');
}

const uniq = (xs: string[]): string[] => [...new Set(xs)];

/** The configuration docker-compose.yml and k8s/ run (k8s/base/nats/nats-server.conf; TLS is added by the deployment). */
export const deployedNatsConfig = (): string =>
  natsServerConfig({ prefix: '', development: false, listen: '0.0.0.0:4222', storeDir: '/data/jetstream', monitorPort: 8222 });
