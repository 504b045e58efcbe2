import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { connect as netConnect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { pino } from 'pino';
import { BUS_TABLES_UP, poolDb, type TransactionalDb } from '../src/index.js';
import { ensureDatabase, dropDatabase } from '@lp/service-kit';
import { testEnv } from '@lp/testing';

export const silent = pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' });

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const a = s.address();
      s.close(() => (a && typeof a === 'object' ? resolve(a.port) : reject(new Error('no port'))));
    });
  });
}

/** A NATS server of our own, so a test can stop and restart it. */
export class OwnNats {
  private proc: ChildProcess | null = null;
  readonly storeDir = mkdtempSync(join(tmpdir(), 'lp-nats-'));
  /** `config`: a nats-server configuration file and the environment it reads passwords from */
  constructor(
    readonly port: number,
    private readonly config?: { path: string; env: Record<string, string> },
  ) {}
  get url(): string {
    return `nats://127.0.0.1:${this.port}`;
  }
  async start(): Promise<void> {
    const bin = process.env.NATS_SERVER_BIN ?? 'nats-server';
    this.proc = this.config
      ? spawn(bin, ['-c', this.config.path], { stdio: 'ignore', env: { PATH: process.env.PATH, ...this.config.env } })
      : spawn(bin, ['-a', '127.0.0.1', '-p', String(this.port), '-js', '-sd', this.storeDir], { stdio: 'ignore' });
    const until = Date.now() + 10_000;
    while (Date.now() < until) {
      const up = await new Promise<boolean>((resolve) => {
        const sock = netConnect(this.port, '127.0.0.1');
        sock.once('connect', () => {
          sock.destroy();
          resolve(true);
        });
        sock.once('error', () => resolve(false));
      });
      if (up) return;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error('nats-server did not start');
  }
  async stop(): Promise<void> {
    const p = this.proc;
    if (!p) return;
    this.proc = null;
    await new Promise<void>((resolve) => {
      p.once('exit', () => resolve());
      p.kill('SIGTERM');
    });
  }
}

/** A throwaway database with the outbox and inbox tables, and the bus's view of it. */
export async function busDatabase(): Promise<{ db: TransactionalDb; pool: pg.Pool; drop: () => Promise<void> }> {
  const env = testEnv();
  const name = `${env.DB_PREFIX}bus`;
  await ensureDatabase(env.POSTGRES_URL!, name);
  const pool = new pg.Pool({ connectionString: `${env.POSTGRES_URL}/${name}`, max: 5 });
  for (const sql of BUS_TABLES_UP) await pool.query(sql);
  await pool.query('CREATE TABLE applied (id serial PRIMARY KEY, note text NOT NULL)');
  const db = poolDb(pool);
  return {
    db,
    pool,
    drop: async () => {
      await pool.end();
      await dropDatabase(env.POSTGRES_URL!, name);
    },
  };
}

export async function waitFor<T>(fn: () => Promise<T | null | undefined | false>, timeoutMs = 10_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > until) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 50));
  }
}
