import { afterAll, describe, expect, it } from '@jest/globals';
import { Module } from '@nestjs/common';
import pg from 'pg';
import { startTestService, testEnv } from '@lp/testing';
import { dropDatabase, ensureDatabase, serviceRole, ServiceKitModule } from '../src/index.js';

/** Each service connects as its own role, owning only its own database (development and tests provision both). */
describe('a PostgreSQL role per service', () => {
  const env = testEnv();
  const admin = env.POSTGRES_URL!;
  const made: string[] = [];
  const as = (role: string, db: string) => new pg.Client({ connectionString: `${admin.replace(/\/\/[^@]*@/, `//${role}@`)}/${db}` });
  afterAll(async () => {
    for (const db of made) await dropDatabase(admin, db);
  });

  it("a service's role opens its own database and is refused by another's", async () => {
    const alpha = `${env.DB_PREFIX}alpha`;
    const beta = `${env.DB_PREFIX}beta`;
    made.push(alpha, beta);
    await ensureDatabase(admin, alpha, serviceRole('alpha'));
    await ensureDatabase(admin, beta, serviceRole('beta'));
    const own = as(serviceRole('alpha'), alpha);
    await own.connect();
    const { rows } = await own.query(
      'SELECT current_user AS me, (SELECT rolsuper FROM pg_roles WHERE rolname = current_user) AS superuser',
    );
    expect(rows[0]).toEqual({ me: serviceRole('alpha'), superuser: false });
    await own.query('CREATE TABLE t (id int)');
    await own.end();

    const foreign = as(serviceRole('beta'), alpha);
    foreign.on('error', () => undefined);
    await expect(foreign.connect()).rejects.toMatchObject({ code: '42501' }); // permission denied for database
    await foreign.end().catch(() => undefined);
  });

  it('hands over a database an older run made as the administrator, with its tables', async () => {
    const old = `${env.DB_PREFIX}gamma`;
    made.push(old);
    await ensureDatabase(admin, old); // as before: owned by the administrator
    const a = new pg.Client({ connectionString: `${admin}/${old}` });
    await a.connect();
    await a.query('CREATE TABLE kept (id serial PRIMARY KEY, note text)');
    await a.query("INSERT INTO kept (note) VALUES ('from before')");
    await a.end();
    await ensureDatabase(admin, old, serviceRole('gamma'));
    const own = as(serviceRole('gamma'), old);
    await own.connect();
    await own.query("INSERT INTO kept (note) VALUES ('after')");
    const { rows } = await own.query('SELECT note FROM kept ORDER BY id');
    expect(rows.map((r) => r.note)).toEqual(['from before', 'after']);
    await own.end();
  });

  it('a booted service runs as its role, not as the administrator', async () => {
    @Module({ imports: [ServiceKitModule.forRoot({ service: 'catalog', entities: [], migrations: [], env })] })
    class Bare {}
    const svc = await startTestService({ module: Bare }, env);
    try {
      const [r] = await svc.ds.query(
        'SELECT current_user AS me, (SELECT rolsuper FROM pg_roles WHERE rolname = current_user) AS superuser',
      );
      expect(r).toEqual({ me: serviceRole('catalog'), superuser: false });
    } finally {
      await svc.stop();
    }
  });
});
