// The chaos run's bulk CSV enrollments: before institution is killed, and again before the
// worker is, an institution uploads a CSV of new people to enroll into one of its courses, and
// the kill waits until the import is under way (the job has counted the file's rows and its
// batch's calls are in flight). The job is then retried (a call that failed) or taken over
// from a dead worker (BullMQ's stalled-job check), runs the file again, and adds or counts
// nothing twice. A failed call is retried 3 times, 5 s then 10 s apart (JOBS.bulkEnrollment):
// an institution down for longer than that while the job needs it ends the import failed,
// and the run says so. The files are small (CHAOS_IMPORT_ROWS): a batch of thousands keeps identity
// making accounts for seconds on a loaded machine, and sign-ups meanwhile time out.
//
// The books, afterwards: every import completed with each row counted once (processed =
// successful = the file's rows), every person of the file a member once (made by that import)
// and enrolled in the course once, with one account each.
import { randomUUID } from 'node:crypto';

export function importsLoad(ctx, { rows = 400, password } = {}) {
  const { api, sql, db, say, sleep, until, redisCall } = ctx;
  const state = { owner: null, institution: null, course: null, imports: [] };

  const csvFor = (tag) => {
    const lines = ['email,name,role'];
    for (let i = 1; i <= rows; i++)
      lines.push(`chaos.${tag}.${i}@bulk.example.test,Chaos Person ${i},${i % 25 === 0 ? 'faculty' : 'student'}`);
    return `${lines.join('\n')}\n`;
  };
  const view = async (id) =>
    (await api('import-progress', 'GET', `/institutions/${state.institution.id}/members/bulk/${id}`, { token: state.owner.token })).body;

  return {
    name: 'imports',
    async setup() {
      const email = `chaos.owner.${randomUUID()}@example.test`;
      const reg = await api('setup', 'POST', '/auth/register', {
        body: { name: 'Chaos Academy Owner', email, password, role: 'institution' },
      });
      if (reg.status !== 201) throw new Error(`could not register the institution's owner: ${reg.status}`);
      const made = await api('setup', 'POST', '/institutions/onboard', {
        token: reg.body.token,
        body: { name: 'Chaos Academy', subdomain: `chaos-${Date.now().toString(36)}`, contact_email: 'office@chaos.example.test' },
      });
      if (made.status !== 201) throw new Error(`could not onboard the institution: ${made.status} ${JSON.stringify(made.body)}`);
      state.institution = made.body;
      // the platform admin's verification and a tier with room for every row, straight in the database (neither is under test)
      await sql(
        db('institution'),
        `UPDATE institutions SET verification_status = 'verified', verified_at = now(), tier_name = 'enterprise' WHERE id = $1`,
        [state.institution.id],
      );
      // identity learns of the institution from its event: a sign-in after that carries it
      await until(
        async () => {
          const login = await api('setup', 'POST', '/auth/login', { body: { email, password } });
          if (login.status === 200 && login.body.user?.institution?.id === state.institution.id) state.owner = login.body;
          return state.owner !== null;
        },
        30_000,
        "a sign-in into the institution's portal",
      );
      const course = await api('setup', 'POST', '/courses', {
        token: state.owner.token,
        body: { title: 'Chaos Onboarding', description: 'Everyone, once', price: 0, is_published: true },
      });
      if (course.status !== 201 || course.body.institution_id !== state.institution.id)
        throw new Error(`could not create the institution's course: ${course.status} ${JSON.stringify(course.body)}`);
      state.course = course.body;
      await until(
        async () => (await sql(db('institution'), 'SELECT 1 FROM courses WHERE id = $1', [state.course.id])).length === 1,
        30_000,
        "institution's copy of the course",
      );
    },
    /** Starts an import and returns once it is under way: a batch counted, not yet done. */
    async before(victim) {
      const tag = `${victim}-${Date.now().toString(36)}`;
      const csv = csvFor(tag);
      const started = await api('import-start', 'POST', `/institutions/${state.institution.id}/members/bulk`, {
        token: state.owner.token,
        body: { csv_data: Buffer.from(csv).toString('base64'), course_id: state.course.id },
      });
      if (started.status !== 202) throw new Error(`could not start an import: ${started.status} ${JSON.stringify(started.body)}`);
      const imp = { id: started.body.job_id, victim, tag, atKill: null };
      state.imports.push(imp);
      const from = Date.now();
      let v = started.body;
      while (Date.now() < from + 60_000 && v.status === 'queued') {
        await sleep(50);
        v = (await view(imp.id)) ?? v;
      }
      imp.atKill = `${v.status}, ${v.processed} of ${v.file_rows ?? '?'} rows, ${((Date.now() - from) / 1000).toFixed(1)} s after the upload`;
      say(`import for ${victim}: ${imp.atKill} when the kill comes`);
    },
    async books() {
      const inst = db('institution');
      const out = [];
      for (const imp of state.imports) {
        const [row] = await sql(
          inst,
          `SELECT status, file_rows, processed, successful, unchanged, failed, batches_counted,
                  round(extract(epoch FROM finished_at - created_at)::numeric, 1)::float AS took FROM bulk_imports WHERE id = $1`,
          [imp.id],
        );
        // the job as BullMQ keeps it (job id = import id): the tries it took, the times a dead worker's run was taken over
        const job = await redisCall('hmget', `lp:institution-bulk:${imp.id}`, 'atm', 'stc', 'finishedOn').catch(() => [null, null, null]);
        const [members] = await sql(inst, 'SELECT count(*)::int AS n FROM members WHERE import_id = $1', [imp.id]);
        const emails = Array.from({ length: rows }, (_, i) => `chaos.${imp.tag}.${i + 1}@bulk.example.test`);
        const [accounts] = await sql(
          db('identity'),
          'SELECT count(*)::int AS n, count(DISTINCT lower(email))::int AS people FROM users WHERE lower(email) = ANY($1)',
          [emails],
        );
        out.push({
          ...imp,
          ...row,
          tries: job[0] ?? '?',
          stalled: job[1] ?? 0,
          // the job is over (it gave up) while the import still says running: nothing will move it any more
          stuck: row.status !== 'completed' && row.status !== 'failed' && !!job[2],
          members: members.n,
          accounts: accounts.n,
          people: accounts.people,
        });
      }
      const [doubledMembers] = await sql(
        inst,
        'SELECT count(*)::int AS n FROM (SELECT 1 FROM members WHERE institution_id = $1 GROUP BY user_id HAVING count(*) > 1) d',
        [state.institution.id],
      );
      const [enrolled] = await sql(
        db('catalog'),
        'SELECT count(*)::int AS n, count(DISTINCT user_id)::int AS people FROM enrollments WHERE course_id = $1',
        [state.course.id],
      );
      return {
        imports: out,
        doubledMembers: doubledMembers.n,
        enrollments: enrolled.n,
        enrolledPeople: enrolled.people,
        expected: rows * out.length,
      };
    },
    // done once every import has ended and catalog holds the enrollments of those that completed (a failed one is final)
    settled: (b) =>
      b.imports.every((i) => i.status === 'completed' || i.status === 'failed' || i.stuck) &&
      b.enrollments >= rows * b.imports.filter((i) => i.status === 'completed').length,
    checks: (b) => [
      [
        'institution: every import resumed and finished, each row counted once',
        b.imports.length > 0 &&
          b.imports.every((i) => i.status === 'completed' && i.file_rows === rows && i.processed === rows && i.successful === rows),
      ],
      [
        'institution: no member, enrollment or account doubled or missing',
        b.doubledMembers === 0 &&
          b.enrollments === b.enrolledPeople &&
          b.enrolledPeople === b.expected &&
          b.imports.every((i) => i.members === rows && i.accounts === rows && i.people === rows),
      ],
    ],
    report: (b, say) => {
      for (const i of b.imports)
        say(
          `import killed with ${i.victim} (${i.atKill}): ${i.stuck ? 'STUCK running (the job gave up and could not mark it failed)' : i.status} ${i.took ?? '?'} s after the upload (job tries ${i.tries}, taken over from a dead worker ${i.stalled}x), ${i.processed}/${i.file_rows} processed, ${i.successful} added, ${i.unchanged} unchanged, ${i.failed} failed, ${i.batches_counted} batches; ${i.members} members, ${i.accounts} accounts`,
        );
      say(
        `imports: course enrollments ${b.enrollments} for ${b.enrolledPeople} people (expected ${b.expected}); members doubled ${b.doubledMembers}`,
      );
    },
  };
}
