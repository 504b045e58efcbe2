import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { headers as natsHeaders, type Subscription } from '@nats-io/transport-node';
import { BULK_IMPORT_BATCH_MAX, catalogInternal, identityInternal, institutionRoutes } from '@lp/contracts';
import { decode, encode, REPLY_HEADER, subjectFor } from '@lp/bus';
import { startTestService, type TestService } from '@lp/testing';
import { WorkerModule } from '../src/app.module.js';
import { startHarness, type Harness, type Made, type U } from '../../institution/test/support/institution-harness.js';

jest.setTimeout(120_000);

/**
 * Bulk enrollment end to end: the institution service and the worker for real, identity and
 * catalog played by stand-ins on the bus (accounts by e-mail, enrollments once per person).
 * A file of 1,203 rows goes through in batches while its import shows the progress; the same
 * file again adds nothing.
 */
let h: Harness;
let worker: TestService;
let admin: U;
let inst: Made;
const courseId = randomUUID();
const accounts = new Map<string, string>();
const enrolled = new Set<string>();
const subs: Subscription[] = [];
let peopleAsked = 0;
const origins = new Set<unknown>();

function standIn(subject: string, answer: (payload: Record<string, unknown>) => unknown): void {
  subs.push(
    h.nc.subscribe(subjectFor(h.env.BUS_PREFIX!, subject), {
      callback: (_err, m) => {
        const hdrs = natsHeaders();
        hdrs.set(REPLY_HEADER, 'ok');
        m.respond(encode(answer(decode<Record<string, unknown>>(m.data))), { headers: hdrs });
      },
    }),
  );
}

const FILE_ROWS = 4203;
/** every 100th row has a bad e-mail, row 7 repeats row 1's e-mail; every 10th person is faculty */
function csv(): string {
  const lines = ['EMAIL,Name,Role,Notes'];
  for (let i = 1; i <= FILE_ROWS; i++) {
    const email = i === 7 ? 'person1@bulk.test' : i % 100 === 0 ? `person${i}-at-bulk.test` : `Person${i}@bulk.test`;
    lines.push(`${email},"Person, ${i}",${i % 10 === 0 ? 'faculty' : ''},x`);
  }
  return lines.join('\r\n');
}
const BAD = Math.floor(FILE_ROWS / 100) + 1; // rows 100, 200, ... and row 7

async function finished(jobId: string) {
  const seen: number[] = [];
  for (let i = 0; i < 600; i++) {
    const imp = await h.call(institutionRoutes.bulkImport, { params: { id: inst.id, jobId } }, admin);
    seen.push(imp.processed);
    if (imp.status === 'completed' || imp.status === 'failed') return { imp, seen };
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('the import did not finish');
}

beforeAll(async () => {
  h = await startHarness();
  standIn(identityInternal.ensureMemberAccounts.subject, (p) => {
    const people = p['people'] as Array<{ email: string; name: string | null }>;
    peopleAsked = Math.max(peopleAsked, people.length);
    origins.add(p['origin']);
    return {
      accounts: people.map((x) => {
        if (!accounts.has(x.email)) accounts.set(x.email, randomUUID());
        return {
          email: x.email,
          user: { id: accounts.get(x.email)!, name: x.name ?? x.email, email: x.email, role: 'learner', created: true },
        };
      }),
    };
  });
  standIn(catalogInternal.enrollMembers.subject, (p) => ({
    enrollments: (p['user_ids'] as string[]).map((id) => {
      const created = !enrolled.has(id);
      enrolled.add(id);
      return { user_id: id, enrollment_id: randomUUID(), created };
    }),
  }));
  worker = await startTestService(WorkerModule.create(h.env), h.env);
  admin = await h.user('institution', 'Bulk Admin');
  inst = await h.institution(admin, { name: 'Bulk University' });
  await h.system((tx) => tx.query(`UPDATE institutions SET tier_name = 'enterprise-unlimited-test' WHERE id = $1`, [inst.id])); // a tier the tiers table does not list: no limits
  await h.system((tx) =>
    tx.query(
      `INSERT INTO courses (id, institution_id, title, category, created_at, updated_at) VALUES ($1, $2, 'Orientation', 'programming', now(), now())`,
      [courseId, inst.id],
    ),
  );
});
afterAll(async () => {
  for (const s of subs) s.unsubscribe();
  await worker?.stop();
  await h?.stop();
});

describe('bulk enrollment through the worker', () => {
  it('adds and enrolls every valid row in batches, with per-row errors and a moving progress', async () => {
    const queued = await h.call(
      institutionRoutes.bulkEnroll,
      { params: { id: inst.id }, body: { csv_data: Buffer.from(csv()).toString('base64'), course_id: courseId } },
      admin,
    );
    expect(queued.status).toBe('queued');
    const { imp, seen } = await finished(queued.job_id);
    expect(imp).toMatchObject({
      status: 'completed',
      file_rows: FILE_ROWS,
      processed: FILE_ROWS,
      successful: FILE_ROWS - BAD,
      unchanged: 0,
      failed: BAD,
    });
    expect(imp.errors[0]).toEqual({ row: 7, email: 'person1@bulk.test', error: 'This e-mail appears earlier in the file' });
    expect(imp.errors[1]).toEqual({ row: 100, email: 'person100-at-bulk.test', error: 'Invalid e-mail address' });
    expect(peopleAsked).toBeLessThanOrEqual(BULK_IMPORT_BATCH_MAX);
    // every batch names the import as the accounts' origin: an attempt run again finds its own accounts as made by it
    expect([...origins]).toEqual([expect.stringMatching(/^bulk-import:[0-9a-f-]{36}$/)]);
    expect(new Set(seen).size).toBeGreaterThan(1);
    expect(enrolled.size).toBe(FILE_ROWS - BAD);
    const members = await h.call(
      institutionRoutes.listMembers,
      { params: { id: inst.id }, query: { limit: 1000, offset: 0, member_type: 'faculty' } },
      admin,
    );
    expect(members.total).toBe(Math.floor(FILE_ROWS / 10) - Math.floor(FILE_ROWS / 100)); // every 10th row, less the bad e-mails at each 100th
    expect(members.members.find((m) => m.user.email === 'person10@bulk.test')).toMatchObject({
      member_type: 'faculty',
      user: { name: 'Person, 10' },
    });
  });

  it('the same file again adds and enrolls nothing: its rows are unchanged', async () => {
    const again = await h.call(
      institutionRoutes.bulkEnroll,
      { params: { id: inst.id }, body: { csv_data: Buffer.from(csv()).toString('base64'), course_id: courseId } },
      admin,
    );
    const { imp } = await finished(again.job_id);
    expect(imp).toMatchObject({ status: 'completed', successful: 0, unchanged: FILE_ROWS - BAD, failed: BAD });
    const dashboard = await h.call(institutionRoutes.dashboard, { params: { id: inst.id } }, admin);
    expect(dashboard.total_students + dashboard.total_faculty).toBe(FILE_ROWS - BAD);
  });
});
