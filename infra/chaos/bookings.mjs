// The chaos run's bookings: several learners race for one mentor's time while mentoring is
// killed. Each round they all ask at once for the same start (each with a length of its own,
// so the sessions they want overlap in more ways than one), paying from wallets the demo
// checkout filled; then the start moves on by half an hour, so a long session of one round
// overlaps the next rounds' starts as well.
//
// The books, afterwards: no two holding (scheduled or confirmed) sessions of the mentor
// overlap, the exclusion constraint that says so is still there, and every booking a learner
// was told about is in mentoring (a confirmed one still confirmed, paid in billing).
const DURATIONS = [30, 60, 90];
const HOUR = 3_600_000;

/** half-hour starts from `fromHours` ahead on, away from midnight (a session may not run into the next day's schedule) */
function starts(fromHours, count) {
  const out = [];
  let t = Math.ceil((Date.now() + fromHours * HOUR) / 1_800_000) * 1_800_000;
  while (out.length < count) {
    const d = new Date(t);
    if (d.getUTCHours() >= 1 && d.getUTCHours() < 21) out.push(d.toISOString());
    t += 1_800_000;
  }
  return out;
}

export function bookingsLoad(ctx, { racers = 4 } = {}) {
  const { api, register, sql, db, isStopping, sleep } = ctx;
  const state = { mentor: null, racers: [], pool: starts(30, 1500), cursor: 0, rounds: 0, booked: [], answers: {} };
  let running = false;
  let loop = Promise.resolve();

  const count = (k) => (state.answers[k] = (state.answers[k] ?? 0) + 1);

  async function round() {
    const at = state.pool[state.cursor++ % state.pool.length];
    state.rounds++;
    let answered = 0;
    await Promise.all(
      state.racers.map(async (r, i) => {
        const duration = DURATIONS[(i + state.rounds) % DURATIONS.length];
        const res = await api('book-session', 'POST', '/sessions/book', {
          token: r.token,
          body: { mentor_id: state.mentor.user.id, title: 'Chaos race', scheduled_at: at, duration_minutes: duration },
        });
        count(`${res.status}${res.body?.code ? ` ${res.body.code}` : res.body?.status ? ` ${res.body.status}` : ''}`);
        if (res.status === 201) state.booked.push({ id: res.body.id, status: res.body.status, mentee: r.user.id });
        if (typeof res.status === 'number' && res.status < 500) answered++;
      }),
    );
    // mentoring down: ask again shortly, as a person clicking again would, not in a tight loop
    if (answered === 0) await sleep(250);
  }

  return {
    name: 'bookings',
    async setup() {
      state.mentor = await register('mentor');
      const profile = await api('setup', 'PUT', '/mentor/profile', {
        token: state.mentor.token,
        body: { expertise_areas: ['Chaos'], hourly_rate: 1, timezone: 'UTC' },
      });
      const allDay = [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, start_time: '00:00', end_time: '24:00' }));
      const open = await api('setup', 'PUT', '/mentor/availability', {
        token: state.mentor.token,
        body: { timezone: 'UTC', slots: allDay },
      });
      if (profile.status !== 200 || open.status !== 200) throw new Error(`could not set up the mentor: ${profile.status} ${open.status}`);
      for (let i = 0; i < racers; i++) {
        const r = await register('learner');
        if (!r) throw new Error('could not register a racer');
        const started = await api('setup', 'POST', '/wallet/topup', { token: r.token, body: { amount: 200, payment_method: 'telebirr' } });
        const reference = started.body?.checkout_url?.split('/demo-checkout/')[1];
        const paid = await api('setup', 'POST', `/demo-checkout/${reference}`, { token: r.token, body: { action: 'confirm' } });
        if (paid.status !== 200) throw new Error(`could not fund a racer: ${started.status} ${paid.status}`);
        state.racers.push(r);
      }
    },
    start() {
      running = true;
      loop = (async () => {
        while (running && !isStopping()) await round();
      })();
    },
    async stop() {
      running = false;
      await loop;
    },
    async books() {
      const m = db('mentoring');
      const mentorId = state.mentor.user.id;
      const [overlaps] = await sql(
        m,
        `SELECT count(*)::int AS n FROM sessions a JOIN sessions b
            ON a.mentor_id = b.mentor_id AND a.id < b.id AND tstzrange(a.starts_at, a.ends_at) && tstzrange(b.starts_at, b.ends_at)
         WHERE a.mentor_id = $1 AND a.status IN ('scheduled', 'confirmed') AND b.status IN ('scheduled', 'confirmed')`,
        [mentorId],
      );
      const [constraint] = await sql(
        m,
        `SELECT count(*)::int AS n FROM pg_constraint WHERE conname = 'sessions_mentor_no_overlap' AND contype = 'x' AND convalidated`,
      );
      const sessions = await sql(m, 'SELECT id::text, status, payment_id::text FROM sessions WHERE mentor_id = $1', [mentorId]);
      const byId = new Map(sessions.map((s) => [s.id, s]));
      const payments = sessions.filter((s) => s.status === 'confirmed' && s.payment_id).map((s) => s.payment_id);
      const paid = new Set(
        (await sql(db('billing'), "SELECT id::text FROM transactions WHERE id = ANY($1::uuid[]) AND status = 'completed'", [payments])).map(
          (r) => r.id,
        ),
      );
      return {
        rounds: state.rounds,
        answers: state.answers,
        acknowledged: state.booked.length,
        holding: sessions.filter((s) => s.status === 'scheduled' || s.status === 'confirmed').length,
        overlaps: overlaps.n,
        constraintHolds: constraint.n === 1,
        lostBookings: state.booked.filter((b) => !byId.has(b.id) || (b.status === 'confirmed' && byId.get(b.id).status !== 'confirmed'))
          .length,
        confirmedUnpaid: sessions.filter((s) => s.status === 'confirmed' && s.payment_id && !paid.has(s.payment_id)).length,
      };
    },
    settled: (b) => b.confirmedUnpaid === 0,
    checks: (b) => [
      ['mentoring: no two sessions of the mentor overlap', b.overlaps === 0 && b.constraintHolds && b.acknowledged > 0],
      ['mentoring: no booking lost', b.lostBookings + b.confirmedUnpaid === 0],
    ],
    report: (b, say) => {
      say(
        `bookings: ${b.rounds} rounds of ${racers} racers, answers ${Object.entries(b.answers)
          .map(([k, v]) => `${k} x${v}`)
          .join(', ')}`,
      );
      say(
        `bookings: ${b.acknowledged} acknowledged, ${b.holding} holding the mentor's time; overlapping pairs ${b.overlaps}, exclusion constraint ${b.constraintHolds ? 'in place' : 'MISSING'}; lost ${b.lostBookings}, confirmed but unpaid ${b.confirmedUnpaid}`,
      );
    },
  };
}
