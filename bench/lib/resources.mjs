// PostgreSQL / NATS / Redis for a bench run, and removal of everything the run created
// there: its throwaway databases (DB_PREFIX), its JetStream stream (BUS_PREFIX) and its
// Redis keys. Never touches the names `npm start` uses.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const DEFAULTS = {
  POSTGRES_URL: 'postgres://postgres@127.0.0.1:5432',
  NATS_URL: 'nats://127.0.0.1:4222',
  REDIS_URL: 'redis://127.0.0.1:6379',
};

/**
 * infra/provision.mjs when it is there (env URLs, else localhost, else started by it),
 * otherwise the env URLs or the localhost defaults as they are.
 */
export async function acquireServices(root) {
  const provisionPath = join(root, 'infra', 'provision.mjs');
  if (existsSync(provisionPath)) {
    const { provision } = await import(pathToFileURL(provisionPath).href);
    const p = await provision({ quiet: true });
    return {
      POSTGRES_URL: p.POSTGRES_URL,
      NATS_URL: p.NATS_URL,
      REDIS_URL: p.REDIS_URL,
      sources: p.sources,
      via: 'infra/provision.mjs',
      stop: p.stop,
    };
  }
  const urls = Object.fromEntries(Object.entries(DEFAULTS).map(([k, v]) => [k, process.env[k] || v]));
  return { ...urls, sources: {}, via: 'environment / localhost defaults', stop: async () => undefined };
}

const serverDb = (url) => `${url.replace(/\/$/, '')}/postgres`;

export async function listDatabases(postgresUrl, dbPrefix) {
  const { default: pg } = await import('pg');
  const c = new pg.Client({ connectionString: serverDb(postgresUrl) });
  await c.connect();
  try {
    const { rows } = await c.query('SELECT datname FROM pg_database WHERE starts_with(datname, $1)', [dbPrefix]);
    return rows.map((r) => r.datname);
  } finally {
    await c.end().catch(() => undefined);
  }
}

/** Drops every database whose name starts with the run's prefix (the prefix is random and ours). */
export async function dropDatabases(postgresUrl, dbPrefix) {
  if (!/^bench_[a-z0-9]+_$/.test(dbPrefix)) throw new Error(`refusing to drop databases for prefix ${dbPrefix}`);
  const { default: pg } = await import('pg');
  const c = new pg.Client({ connectionString: serverDb(postgresUrl) });
  await c.connect();
  const dropped = [];
  try {
    const { rows } = await c.query('SELECT datname FROM pg_database WHERE starts_with(datname, $1)', [dbPrefix]);
    for (const { datname } of rows) {
      await c.query(`DROP DATABASE IF EXISTS "${datname.replace(/"/g, '')}" WITH (FORCE)`);
      dropped.push(datname);
    }
  } finally {
    await c.end().catch(() => undefined);
  }
  return dropped;
}

/** The run's JetStream stream, if a service created one (libs/bus streamName). */
export async function deleteStream(natsUrl, busPrefix) {
  const { connect } = await import('@nats-io/transport-node');
  const { jetstreamManager } = await import('@nats-io/jetstream');
  const name = `${busPrefix.replace(/[^A-Za-z0-9_-]/g, '_')}EVENTS`;
  const nc = await connect({ servers: natsUrl.split(','), reconnect: false, timeout: 3000, name: 'lp-bench-cleanup' });
  try {
    const jsm = await jetstreamManager(nc);
    try {
      await jsm.streams.info(name);
    } catch (e) {
      if (/not found/i.test(String(e?.message)) || e?.code === 404 || e?.api_error?.code === 404) return null;
      throw e;
    }
    await jsm.streams.delete(name);
    return name;
  } finally {
    await nc.close().catch(() => undefined);
  }
}

/** Keys under the run's prefixes (every key a run writes is under one: the revocations too, since they carry BUS_PREFIX). */
export async function deleteRedisKeys(redisUrl, patterns) {
  const { Redis } = await import('ioredis');
  const r = new Redis(redisUrl, { maxRetriesPerRequest: 1, lazyConnect: true });
  r.on('error', () => undefined);
  let n = 0;
  try {
    await r.connect();
    for (const match of patterns) {
      let cursor = '0';
      do {
        const [next, found] = await r.scan(cursor, 'MATCH', match, 'COUNT', 1000);
        cursor = next;
        if (found.length) n += await r.del(...found);
      } while (cursor !== '0');
    }
  } finally {
    r.disconnect();
  }
  return n;
}
