// The chaos run's notification deliveries and Telegram bot. Every enrollment of the load (the
// steady load's, the payers', the bulk imports') makes an enrollment_confirmed notification in
// gamification, with an e-mail delivery each: a BullMQ job `notification:<id>:email` the worker
// sends through SMTP_URL, here a sink in this process (smtp-server) that answers each message
// after CHAOS_SMTP_DELAY_MS, so a killed worker is caught with sends on the wire. A message
// counts as sent once the sink said 250 on a connection still open (a client cut off before the
// 250 has not handed it over, and tries again). The Telegram bot runs against a double of the
// Bot API in this process too (apps/telegram-bot's own, TELEGRAM_API_ROOT), so a killed bot
// loses nothing of what it recorded. A loop of its own links learners the real way (POST
// /api/telegram/generate-link-code through the gateway, `/start <code>` into the double, the bot
// through identity's confirm-link, identity's event into gamification's telegram_chats), waits
// for the link to arrive, then enrolls them; every third one waits for that enrollment's message,
// sends `/unlink`, and once the bot answered enrolls at once in a second course (whose
// notification may be made before gamification hears of the unlink: the bot's check at send
// time must stop it). Before the worker's kill a burst of enrollments, before the bot's a burst
// of links, are under way.
//
// The books, afterwards: every acknowledged enrollment has exactly one enrollment_confirmed
// notification; every e-mail delivery handed over was received by the sink exactly once and none
// is left pending (or failed for want of an address); every Telegram delivery of a linked user
// reached the double exactly once; nothing reached a chat after its unlink was answered. Neither
// an e-mail nor a Telegram message names its notification, so both sides are counted by what
// identifies it: recipient (address or chat), title, body and link (a digest: its type and count),
// as multisets: none lost, none doubled.
import * as contracts from '@lp/contracts';

const MARK = 'You receive this e-mail because of your notification settings.';
/** how long before the worker's SIGKILL an accepted e-mail counts as in flight (its job not marked done yet) */
const KILL_IN_FLIGHT_MS = 3000;
/** the e-mail jobs one worker runs at once (WORKER_CONCURRENCY's default): the most a kill can catch sending */
const WORKER_CONCURRENCY_AT_MOST = Number(process.env.WORKER_CONCURRENCY ?? 2);
const DIGEST = /^(\d+) new notifications: (.+)$/;
const UNLINKED = 'This Telegram account is no longer linked';

/** A header as a mail client shows it: unfolded, its RFC 2047 words decoded. */
function header(raw, name) {
  const head = raw.split('\n\n')[0].replace(/\n[ \t]+/g, ' ');
  const line = head.split('\n').find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}: `));
  if (line === undefined) return undefined;
  return line
    .slice(name.length + 2)
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?UTF-8\?([QB])\?([^?]*)\?=/gi, (_m, enc, text) =>
      enc.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : Buffer.from(
            text.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (_h, hex) => String.fromCharCode(parseInt(hex, 16))),
            'latin1',
          ).toString('utf8'),
    );
}

/** The text/plain part (quoted-printable decoded). */
function plainText(raw) {
  const at = raw.indexOf('Content-Type: text/plain');
  if (at < 0) return '';
  const [head = '', ...rest] = raw.slice(at).split('\n\n');
  const body = rest.join('\n\n').split(/\n--/)[0];
  if (!/quoted-printable/i.test(head)) return body;
  return Buffer.from(
    body.replace(/=\n/g, '').replace(/=([0-9A-F]{2})/gi, (_h, hex) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');
}

/** The SMTP sink the worker sends to and the Bot API double the bot talks to; opened before the stack starts. */
export async function openNotificationSinks({ smtpDelayMs = 40 } = {}) {
  const { SMTPServer } = await import('smtp-server');
  const mails = [];
  const closed = new Set();
  const sink = { mails, cut: 0, other: 0 };
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS', 'AUTH'],
    authOptional: true,
    logger: false,
    onClose(session) {
      closed.add(session.id);
    },
    onData(stream, session, done) {
      const chunks = [];
      stream.on('data', (c) => chunks.push(c));
      stream.on('error', () => undefined);
      stream.on('end', () => {
        setTimeout(() => {
          // the client went away before the 250: not handed over (it retries)
          if (closed.has(session.id)) {
            sink.cut++;
            return done(new Error('connection gone'));
          }
          const raw = Buffer.concat(chunks).toString('utf8').replace(/\r\n/g, '\n');
          const text = plainText(raw);
          if (!text.includes(MARK)) sink.other++;
          else
            mails.push({
              to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()).join(','),
              subject: header(raw, 'Subject') ?? '',
              text,
              at: Date.now(),
            });
          done();
        }, smtpDelayMs);
      });
    },
  });
  // a sender killed mid-session resets its connection: smtp-server emits that as an error, which unhandled ends the process
  server.on('error', () => undefined);
  await new Promise((ok) => server.listen(0, '127.0.0.1', ok));
  const { BotApiDouble } = await import(new URL('../../apps/telegram-bot/dist/dev/bot-api-double.js', import.meta.url).href);
  const double = new BotApiDouble();
  const apiRoot = await double.start(0);
  return {
    sink,
    double,
    smtpUrl: `smtp://127.0.0.1:${server.server.address().port}`,
    apiRoot,
    /** how many times the bot has started (it sets its command menu once per start) */
    botStarts: () => double.calls.filter((c) => c.method === 'setMyCommands').length,
    async close() {
      await double.stop().catch(() => undefined);
      await new Promise((ok) => server.close(ok));
    },
  };
}

export function notificationsLoad(ctx, { sinks, course, enrollments }) {
  const { api, register, sql, db, retry, sleep, isStopping } = ctx;
  const { double, sink } = sinks;
  const state = { course2: null, people: [], linkFailures: 0, bursts: [], atKill: {}, killedAt: {} };
  let nextTelegramId = 910_000_000;
  let running = false;
  let loop = Promise.resolve();
  let journeys = 0;
  let digestColumn = null;

  async function until(test, ms) {
    const end = Date.now() + ms;
    while (Date.now() < end && !isStopping()) {
      if (await test()) return true;
      await sleep(200);
    }
    return false;
  }
  const enrolledIn = (courseId, token) =>
    retry(
      () => api('enroll', 'POST', `/courses/${courseId}/enroll`, { token }),
      (r) => r.status === 200 || r.status === 201 || r.status === 409,
    );
  const chatMessages = (chat) => double.messagesTo(chat);

  /** `/start <code>` with a fresh code until gamification keeps the chat (a kill may eat a code's round trip). */
  async function link(learner, chat) {
    const from = { id: chat, first_name: 'Chaos' };
    for (let i = 0; i < 4 && !isStopping(); i++) {
      const code = await retry(
        () => api('telegram-code', 'POST', '/telegram/generate-link-code', { token: learner.token }),
        (r) => r.status === 200 || r.status === 201,
      );
      if (!code) return false;
      double.sendText(from, `/start ${code.body.code}`);
      const kept = await until(
        async () =>
          (
            await sql(db('gamification'), 'SELECT 1 FROM telegram_chats WHERE user_id = $1 AND chat_id = $2', [
              learner.user.id,
              String(chat),
            ])
          ).length > 0,
        45_000,
      );
      if (kept) return true;
    }
    return false;
  }

  /** `/unlink` until the bot answers that it is done; the answer's message id, or null. */
  async function unlink(chat) {
    const from = { id: chat, first_name: 'Chaos' };
    for (let i = 0; i < 6 && !isStopping(); i++) {
      const mark = double.lastMessageId;
      double.sendText(from, '/unlink');
      let answer = null;
      await until(async () => {
        answer = chatMessages(chat).find((m) => m.message_id > mark && m.text.startsWith(UNLINKED)) ?? null;
        return answer !== null;
      }, 20_000);
      if (answer) return answer.message_id;
    }
    return null;
  }

  async function linkedJourney(unlinkAfter) {
    const learner = await retry(
      () => register('learner'),
      (r) => r !== null,
    );
    if (!learner) return;
    const chat = nextTelegramId++;
    if (!(await link(learner, chat))) {
      state.linkFailures++;
      return;
    }
    const person = { user_id: learner.user.id, chat, unlinkedAt: null };
    state.people.push(person);
    if (!(await enrolledIn(course.id, learner.token))) return;
    enrollments.push({ course_id: course.id, user_id: learner.user.id });
    if (!unlinkAfter) return;
    const title = contracts.notificationText('enrollment_confirmed', { course_title: course.title }).title;
    const told = await until(async () => chatMessages(chat).some((m) => m.text.startsWith(title)), 60_000);
    if (!told) return;
    const at = await unlink(chat);
    if (at === null) return;
    person.unlinkedAt = at;
    // at once: gamification may not have heard of the unlink yet, the bot's check at send time must hold
    if (await enrolledIn(state.course2.id, learner.token)) enrollments.push({ course_id: state.course2.id, user_id: learner.user.id });
  }

  async function emailJourney() {
    const learner = await retry(
      () => register('learner'),
      (r) => r !== null,
    );
    if (learner && (await enrolledIn(course.id, learner.token))) enrollments.push({ course_id: course.id, user_id: learner.user.id });
  }

  async function queueDepth(queue) {
    const [wait, active, delayed] = await Promise.all([
      ctx.redisCall('llen', `lp:${queue}:wait`),
      ctx.redisCall('llen', `lp:${queue}:active`),
      ctx.redisCall('zcard', `lp:${queue}:delayed`),
    ]).catch(() => [0, 0, 0]);
    return Number(wait) + Number(active) + Number(delayed);
  }

  /** notification -> what identifies its message on a channel (recipient, title, body, link; a digest: its type and count) */
  function keyOf(who, r, channel) {
    if (r.folded > 0) return `${who}|digest|${contracts.NOTIFICATION_TYPE_LABELS?.[r.type] ?? r.type}|${r.folded + 1}`;
    const { title, body } = contracts.notificationText(r.type, r.params);
    const link =
      channel === 'telegram' ? (r.link?.startsWith('/') && !r.link.startsWith('//') ? r.link : '/notifications') : (r.link ?? '');
    return `${who}|${title}|${body}|${link}`;
  }
  function mailKey(m) {
    const d = DIGEST.exec(m.subject);
    if (d) return `${m.to}|digest|${d[2]}|${d[1]}`;
    const lines = m.text.split('\n');
    const open = lines.find((l) => l.startsWith('Open it: '));
    return `${m.to}|${m.subject}|${lines[2] ?? ''}|${open ? open.slice('Open it: '.length) : ''}`;
  }
  function telegramKey(chat, text) {
    const lines = text.split('\n');
    const d = DIGEST.exec(lines[0]);
    if (d) return `${chat}|digest|${d[2]}|${d[1]}`;
    return `${chat}|${lines[0]}|${lines[2] ?? ''}|${lines.at(-1)}`;
  }
  const tally = (keys) => {
    const m = new Map();
    for (const k of keys) m.set(k, (m.get(k) ?? 0) + 1);
    return m;
  };

  return {
    name: 'notifications',
    async setup(instructor) {
      const res = await api('setup', 'POST', '/courses', {
        token: instructor.token,
        body: { title: 'Chaos Course After Unlink', description: 'Enrolled in once unlinked', price: 0, is_published: true },
      });
      if (res.status !== 201) throw new Error(`could not create the second course: ${res.status}`);
      state.course2 = res.body;
    },
    /** the linking loop, for the whole run */
    run() {
      running = true;
      loop = (async () => {
        while (running && !isStopping()) await linkedJourney(journeys++ % 3 === 2);
      })();
    },
    async halt() {
      running = false;
      await loop;
    },
    /** aimed at a victim: a burst under way through its kill (enrollments with e-mails for the worker, links for the bot) */
    start(victim) {
      const n = victim === 'worker' ? 8 : 4;
      for (let i = 0; i < n; i++) state.bursts.push(victim === 'worker' ? emailJourney() : linkedJourney(false));
    },
    async atKill(victim) {
      state.killedAt[victim] = Date.now();
      state.atKill[victim] = await queueDepth(victim === 'worker' ? 'email' : 'telegram');
    },
    async stop() {
      await Promise.all(state.bursts);
      state.bursts = [];
    },
    async books() {
      const g = db('gamification');
      const made = await sql(
        g,
        `SELECT user_id::text AS user_id, link, count(*)::int AS n FROM notifications WHERE type = 'enrollment_confirmed' GROUP BY 1, 2`,
      );
      const madeCount = new Map(made.map((r) => [`${r.user_id}|${r.link}`, r.n]));
      const perEnrollment = enrollments.map((e) => madeCount.get(`${e.user_id}|/course/${e.course_id}/learn`) ?? 0);
      digestColumn ??=
        (
          await sql(
            g,
            `SELECT 1 FROM information_schema.columns WHERE table_name = 'notification_deliveries' AND column_name = 'digest_of'`,
          )
        ).length > 0;
      const rows = await sql(
        g,
        `SELECT d.notification_id::text AS id, d.channel, d.status, d.user_id::text AS user_id, n.type, n.params, n.link,
                lower(u.email) AS email,
                ${digestColumn ? '(SELECT count(*)::int FROM notification_deliveries m WHERE m.digest_of = d.notification_id AND m.channel = d.channel)' : '0'} AS folded
           FROM notification_deliveries d JOIN notifications n ON n.id = d.notification_id LEFT JOIN users u ON u.id = d.user_id`,
      );
      const status = {};
      for (const r of rows) status[`${r.channel} ${r.status}`] = (status[`${r.channel} ${r.status}`] ?? 0) + 1;
      // an enrollment's notification made without an e-mail delivery: the address was not known (or the e-mail switched off)
      const noEmailRows = await sql(
        g,
        `SELECT n.id::text AS id, n.user_id::text AS user_id, n.created_at, u.id IS NOT NULL AS known, u.updated_at AS user_at
           FROM notifications n LEFT JOIN users u ON u.id = n.user_id
          WHERE n.type = 'enrollment_confirmed'
            AND NOT EXISTS (SELECT 1 FROM notification_deliveries d WHERE d.notification_id = n.id AND d.channel = 'email')`,
      );
      const noEmail = { n: noEmailRows.length };

      // e-mail: every delivery handed over (queued) against what the sink accepted
      const emails = rows.filter((r) => r.channel === 'email');
      const wantMail = tally(emails.filter((r) => r.status === 'queued').map((r) => keyOf(r.email, r, 'email')));
      const gotMail = tally(sink.mails.map(mailKey));
      let mailLost = 0;
      let mailDoubled = 0;
      // SMTP has no idempotency key: a send the sink accepted just before the worker's SIGKILL, whose job was not
      // marked done yet, is sent again by BullMQ's recovery of the interrupted job (at least once, by design). Such a
      // copy is counted apart; any other double fails the check.
      let mailDoubledByKill = 0;
      const killedWorkerAt = state.killedAt.worker;
      const inFlightAtKill = (k) =>
        killedWorkerAt !== undefined &&
        // the first copy accepted around the kill: before it, or just after (the dead worker's socket closes a moment later)
        sink.mails.some((m) => mailKey(m) === k && m.at <= killedWorkerAt + 1000 && m.at > killedWorkerAt - KILL_IN_FLIGHT_MS);
      for (const [k, n] of wantMail) mailLost += Math.max(0, n - (gotMail.get(k) ?? 0));
      const doubledMail = [];
      for (const [k, n] of gotMail) {
        const extra = n - (wantMail.get(k) ?? 0);
        if (extra <= 0) continue;
        if (extra === 1 && inFlightAtKill(k)) mailDoubledByKill += 1;
        else mailDoubled += extra;
        // when each copy came, against the worker's kill (a retry after a kill past the 250 sends again)
        const w = state.killedAt.worker;
        doubledMail.push({
          key: k,
          want: wantMail.get(k) ?? 0,
          at: sink.mails
            .filter((m) => mailKey(m) === k)
            .map((m) => (w ? `${((m.at - w) / 1000).toFixed(2)} s after the worker's kill` : new Date(m.at).toISOString())),
        });
      }

      // Telegram: each person's chat; a still-linked person's deliveries exactly once, an unlinked one's at most once
      const chatOf = new Map(state.people.map((p) => [p.user_id, p]));
      const tg = rows.filter((r) => r.channel === 'telegram' && r.status === 'queued' && chatOf.has(r.user_id));
      const wantTg = tally(
        tg.filter((r) => chatOf.get(r.user_id).unlinkedAt === null).map((r) => keyOf(chatOf.get(r.user_id).chat, r, 'telegram')),
      );
      const mayTg = tally(
        tg.filter((r) => chatOf.get(r.user_id).unlinkedAt !== null).map((r) => keyOf(chatOf.get(r.user_id).chat, r, 'telegram')),
      );
      const sent = [];
      let afterUnlink = 0;
      for (const p of state.people) {
        for (const m of chatMessages(p.chat)) {
          const k = telegramKey(p.chat, m.text);
          if (!wantTg.has(k) && !mayTg.has(k)) continue; // the bot's answers to /start, /unlink
          sent.push(k);
          if (p.unlinkedAt !== null && m.message_id > p.unlinkedAt) afterUnlink++;
        }
      }
      const gotTg = tally(sent);
      let tgLost = 0;
      let tgDoubled = 0;
      // A delivery is marked queued once its job is in Redis, and nothing checks it again: the chaos Redis keeps
      // nothing on disk (as k8s/base/redis.yaml), so its kill loses the jobs still waiting. Such a loss (its job
      // gone from Redis altogether: a job that ran stays a day) is counted apart and printed, a known weakness
      // (docs/notifications.md); a delivery whose job Redis still has but whose message never came fails the check.
      let tgLostWithRedis = 0;
      const tgLostRows = [];
      for (const [k, n] of wantTg) {
        const short = n - (gotTg.get(k) ?? 0);
        if (short <= 0) continue;
        const rowsOfKey = tg.filter((r) => keyOf(chatOf.get(r.user_id).chat, r, 'telegram') === k);
        let gone = 0;
        for (const r of rowsOfKey) if (Number(await ctx.redisCall('exists', `lp:telegram:notification:${r.id}:telegram`)) === 0) gone++;
        const withRedis = Math.min(short, gone);
        tgLostWithRedis += withRedis;
        tgLost += short - withRedis;
        tgLostRows.push(...rowsOfKey);
      }
      for (const [k, n] of gotTg) tgDoubled += Math.max(0, n - (wantTg.get(k) ?? mayTg.get(k) ?? 0));
      const linkedFailed = rows.filter(
        (r) => r.channel === 'telegram' && r.status === 'failed' && chatOf.has(r.user_id) && chatOf.get(r.user_id).unlinkedAt === null,
      ).length;

      return {
        enrollments: enrollments.length,
        missing: perEnrollment.filter((n) => n === 0).length,
        doubledNotifications: perEnrollment.filter((n) => n > 1).length,
        status,
        pending: rows.filter((r) => r.status === 'pending').length,
        emailDeliveries: emails.length,
        emailQueued: emails.filter((r) => r.status === 'queued').length,
        emailFailed: emails.filter((r) => r.status === 'failed').length,
        noEmail: noEmail.n,
        mails: sink.mails.length,
        mailLost,
        mailDoubled,
        mailDoubledByKill,
        cut: sink.cut,
        otherMail: sink.other,
        people: state.people.length,
        unlinked: state.people.filter((p) => p.unlinkedAt !== null).length,
        linkFailures: state.linkFailures,
        telegramDeliveries: tg.length,
        telegramSent: sent.length,
        tgLost: tgLost + linkedFailed,
        tgLostWithRedis,
        tgDoubled,
        afterUnlink,
        atKill: state.atKill,
        // what a failure needs to be looked into: the notifications concerned and what Redis kept of their jobs
        examples: {
          doubledMail: doubledMail.slice(0, 3),
          noEmail: noEmailRows.slice(0, 3).map((r) => ({
            id: r.id,
            user: r.user_id,
            made: r.created_at?.toISOString?.(),
            userKnown: r.known,
            userAt: r.user_at?.toISOString?.(),
          })),
          telegramLost: await Promise.all(
            tgLostRows.slice(0, 3).map(async (r) => ({
              id: r.id,
              user: r.user_id,
              chat: chatOf.get(r.user_id).chat,
              type: r.type,
              job: await ctx
                .redisCall(
                  'hmget',
                  `lp:telegram:notification:${r.id}:telegram`,
                  'attemptsMade',
                  'returnvalue',
                  'failedReason',
                  'finishedOn',
                )
                .catch((e) => e.message),
            })),
          ),
        },
        botStarts: sinks.botStarts(),
      };
    },
    settled: (b) => b.missing === 0 && b.pending === 0 && b.mailLost === 0 && b.tgLost === 0,
    checks: (b) => [
      [
        'notifications: every acknowledged enrollment has exactly one enrollment_confirmed notification',
        b.enrollments > 0 && b.missing === 0 && b.doubledNotifications === 0,
      ],
      [
        "notifications: every e-mail delivery was sent, none twice but for a send the worker's kill caught (counted at the SMTP sink)",
        b.emailQueued > 0 && b.mailLost === 0 && b.mailDoubled === 0 && b.emailFailed === 0 && b.noEmail === 0,
      ],
      [
        "notifications: a second copy only of an e-mail in flight at the worker's kill (at most the worker's concurrency)",
        b.mailDoubledByKill <= WORKER_CONCURRENCY_AT_MOST,
      ],
      ['notifications: no delivery left pending', b.pending === 0],
      [
        "telegram: every linked user's notification reached the Bot API double exactly once (but a job Redis's kill took)",
        b.people > 0 && b.telegramDeliveries > 0 && b.tgLost === 0 && b.tgDoubled === 0,
      ],
      ['telegram: nothing sent to a chat after its unlink', b.unlinked > 0 && b.afterUnlink === 0],
    ],
    report: (b, say) => {
      if (b.examples.doubledMail.length)
        say(`e-mails at the sink more often than handed over, e.g.: ${JSON.stringify(b.examples.doubledMail)}`);
      if (b.examples.noEmail.length) say(`notifications without an e-mail delivery, e.g.: ${JSON.stringify(b.examples.noEmail)}`);
      if (b.examples.telegramLost.length) say(`telegram deliveries not at the double, e.g.: ${JSON.stringify(b.examples.telegramLost)}`);
      say(
        `notifications: ${b.enrollments} enrollments acknowledged; without an enrollment_confirmed notification ${b.missing}, with two or more ${b.doubledNotifications}; deliveries ${Object.entries(
          b.status,
        )
          .sort()
          .map(([k, n]) => `${k} ${n}`)
          .join(', ')}`,
      );
      say(
        `e-mail: ${b.emailQueued} deliveries handed over, ${b.mails} notification e-mails at the sink (${b.otherMail} other); lost ${b.mailLost}, doubled ${b.mailDoubled} (and ${b.mailDoubledByKill} again after the worker's kill caught it sending), failed ${b.emailFailed}, enrollment notifications without an e-mail delivery ${b.noEmail}; sends cut off by a kill before the 250: ${b.cut}; e-mail jobs waiting or running at the worker's kill: ${b.atKill.worker ?? '-'}`,
      );
      say(
        `telegram: ${b.people} users linked through the bot (${b.linkFailures} gave up), ${b.unlinked} unlinked; ${b.telegramDeliveries} deliveries handed over, ${b.telegramSent} notification messages at the double; lost ${b.tgLost} (and ${b.tgLostWithRedis} whose job Redis's kill took, a known weakness), doubled ${b.tgDoubled}, after an unlink ${b.afterUnlink}; Telegram jobs waiting or running at the bot's kill: ${b.atKill['telegram-bot'] ?? '-'}; the bot started ${b.botStarts} times`,
      );
    },
  };
}
