// Scenario (h), first half: /qa search over 100,000 questions (issue 13). Alone:
// `node bench/qa-search.mjs` after `node infra/build.mjs --server-only`.
//
//   1. a throwaway stack on its own DB_PREFIX/BUS_PREFIX: community and the gateway from their
//      dist/ (NODE_ENV=test, LOG_LEVEL=warn, RATE_LIMIT_SCALE=0); tokens are signed with the
//      run's secret, so identity is not needed (the gateway still checks revocation in Redis)
//   2. 100,000 questions (BENCH_QA_QUESTIONS) and 1,000 authors written straight into
//      community's database in one statement (seedQuestions below: titles, tags and
//      contents from a programming / maths / science / career vocabulary, common words
//      common and rare words rare), then VACUUM ANALYZE
//   3. the measured part, closed loop at BENCH_CONNECTIONS (10): GET /api/qa/questions?search=
//      <term>, the terms of SEARCH_TERMS in turn (single words common and rare, two words, a
//      phrase, short terms and word beginnings that go to the trigram search), each request
//      with one of 1,000 learners' tokens: the gateway checks the token, community runs the
//      ranked full-text search (or the trigram one), the page of 20 with its total
//   4. the bare baseline, alternating with the target: Fastify + pg running the same SQL text
//      on community's database (bench/baselines/qa-search.mjs imports it from community's dist/)
//
// Goal (issue 13): >= 0.3x of the bare handler, p99 under 50 ms, 0 errors. Env: BENCH_QUICK=1,
// BENCH_ROUNDS (3), BENCH_DURATION (10 s), BENCH_WARMUP (2 s), BENCH_CONNECTIONS (10),
// BENCH_QA_QUESTIONS (100000), BENCH_DB_POOL_SIZE, BENCH_LOG_LEVEL.
import os from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, tail } from './lib/proc.mjs';
import { jobLoop, median, sleep } from './lib/load.mjs';
import { request } from './lib/http.mjs';
import { runScript, throwawayRun, writeResult } from './lib/throwaway-run.mjs';

// ---------- the forum ----------
// Scenario (h)'s forum: 100,000 questions written straight into community's database in one
// statement (generate_series), from a vocabulary of programming, maths, science and career
// words, so titles, tags and contents vary the way a study forum's do: a word picked by a
// skewed draw (common words common, rare words rare), 1-3 tags, 20-60 words of content, and
// 1,000 authors in the users read model.

const SUBJECTS = [
  'python',
  'javascript',
  'typescript',
  'java',
  'rust',
  'golang',
  'kotlin',
  'swift',
  'haskell',
  'scala',
  'react',
  'angular',
  'django',
  'flask',
  'postgresql',
  'mysql',
  'mongodb',
  'redis',
  'docker',
  'kubernetes',
  'linux',
  'git',
  'webpack',
  'graphql',
  'nodejs',
  'pandas',
  'numpy',
  'tensorflow',
  'pytorch',
  'calculus',
  'algebra',
  'geometry',
  'statistics',
  'probability',
  'trigonometry',
  'matrices',
  'derivatives',
  'integrals',
  'vectors',
  'chemistry',
  'physics',
  'biology',
  'genetics',
  'thermodynamics',
  'electromagnetism',
  'optics',
  'quantum',
  'ecology',
  'neuroscience',
  'astronomy',
  'recursion',
  'closures',
  'promises',
  'generics',
  'pointers',
  'concurrency',
  'threads',
  'sockets',
  'compilers',
  'regex',
  'sorting',
  'hashing',
  'graphs',
  'trees',
  'heaps',
  'queues',
  'stacks',
  'dynamic programming',
  'binary search',
  'linked lists',
  'gradient descent',
  'neural networks',
  'algorithms',
  'ml',
  'ai',
  'os',
  'interviews',
  'resumes',
  'internships',
  'salaries',
  'portfolios',
  'freelancing',
  'networking',
  'certifications',
  'bootcamps',
  'deadlines',
];
const VERBS = [
  'understand',
  'debug',
  'optimize',
  'learn',
  'explain',
  'test',
  'deploy',
  'structure',
  'refactor',
  'solve',
  'prove',
  'visualize',
  'memorize',
  'approach',
  'practice',
];
const TEMPLATES = [
  "'How do I ' || v || ' ' || s1 || ' with ' || s2 || '?'",
  "'Best way to ' || v || ' ' || s1",
  "'Why does my ' || s1 || ' code fail when using ' || s2 || '?'",
  "'Struggling with ' || s1 || ': any tips?'",
  "'Resources to ' || v || ' ' || s1 || ' and ' || s2",
  "s1 || ' vs ' || s2 || ': which should I learn first?'",
  "'Can someone ' || v || ' ' || s1 || ' for beginners?'",
  "'Exam prep: ' || s1 || ' and ' || s2",
];
const FILLER = [
  'the',
  'a',
  'my',
  'this',
  'that',
  'when',
  'because',
  'however',
  'example',
  'problem',
  'error',
  'result',
  'question',
  'answer',
  'course',
  'lecture',
  'assignment',
  'teacher',
  'book',
  'chapter',
  'function',
  'value',
  'output',
  'input',
  'data',
  'model',
  'formula',
  'equation',
  'experiment',
  'theory',
  'project',
  'deadline',
  'week',
  'step',
  'approach',
  'method',
  'solution',
  'idea',
  'understand',
  'tried',
  'works',
  'fails',
  'returns',
  'expected',
  'instead',
  'confusing',
  'simple',
  'complex',
  'faster',
  'slower',
  'memory',
  'performance',
  'library',
  'framework',
  'version',
  'install',
  'setup',
];
const CATEGORIES = ['general', 'programming', 'mathematics', 'science', 'career', 'other'];

const arr = (xs) => `ARRAY[${xs.map((x) => `'${x.replace(/'/g, "''")}'`).join(', ')}]`;

/** Seeds `count` questions and `authors` users; returns the seconds it took. */
async function seedQuestions(pg, databaseUrl, { count = 100_000, authors = 1000 } = {}) {
  const c = new pg.Client({ connectionString: databaseUrl });
  await c.connect();
  try {
    const t0 = Date.now();
    await c.query(
      `INSERT INTO users (id, name, email, role)
       SELECT gen_random_uuid(), 'Bench author ' || g, 'bench' || g || '@bench.test', 'learner' FROM generate_series(1, $1) g`,
      [authors],
    );
    const nS = SUBJECTS.length;
    // a skewed draw: power(random(), 1.3) puts the first words of a list far more often than the last
    const pick = (list, n) => `${list}[1 + floor(power(random(), 1.3) * ${n})::int]`;
    await c.query(
      `WITH authors AS (SELECT array_agg(id) AS ids FROM users),
       words AS (SELECT ${arr(SUBJECTS)} AS s, ${arr(VERBS)} AS v, ${arr(FILLER)} AS f, ${arr(CATEGORIES)} AS c),
       drawn AS (
         SELECT g, ${pick('w.s', nS)} AS s1, w.s[1 + floor(random() * ${nS})::int] AS s2, w.s[1 + floor(random() * ${nS})::int] AS s3,
                w.v[1 + floor(random() * ${VERBS.length})::int] AS v,
                (SELECT string_agg(CASE WHEN random() < 0.06 AND k > 0 THEN ${pick('w.s', nS)} ELSE w.f[1 + floor(random() * ${FILLER.length})::int] END, ' ')
                   FROM generate_series(1, 20 + (g % 41)) k) AS body,
                w.c[1 + (g % ${CATEGORIES.length})] AS category,
                a.ids[1 + floor(random() * array_length(a.ids, 1))::int] AS author
           FROM generate_series(1, $1) g, words w, authors a)
       INSERT INTO qa_questions (author_id, title, content, category, tags, post_type, upvotes, answer_count, views, created_at, updated_at)
       SELECT author,
              CASE g % ${TEMPLATES.length} ${TEMPLATES.map((t, i) => `WHEN ${i} THEN ${t}`).join(' ')} END,
              body || '.',
              category,
              (ARRAY[replace(s1, ' ', '-'), replace(s2, ' ', '-'), replace(s3, ' ', '-')])[1:1 + (g % 3)],
              CASE WHEN g % 4 = 0 THEN 'discussion' ELSE 'question' END,
              (g * 7) % 50, 0, (g * 13) % 500,
              now() - (g || ' minutes')::interval, now() - (g || ' minutes')::interval
         FROM drawn`,
      [count],
    );
    await c.query('VACUUM ANALYZE qa_questions');
    await c.query('ANALYZE users');
    return (Date.now() - t0) / 1000;
  } finally {
    await c.end().catch(() => undefined);
  }
}

/**
 * What people type: single words common and rare, two-word searches, a phrase, short terms
 * and word beginnings that go to the trigram search.
 */
const SEARCH_TERMS = [
  'python',
  'recursion',
  'calculus',
  'docker',
  'statistics',
  'closures',
  'neural networks',
  'binary search',
  'interviews',
  'thermodynamics',
  'python recursion',
  'react promises',
  'gradient descent',
  '"dynamic programming"',
  'optimize postgresql',
  'learn haskell',
  'genetics biology',
  'ml',
  'ai',
  'go',
  'algo',
  'kube',
  'typescr',
];

// ---------- the run ----------

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const resultsDir = join(root, 'bench', 'results');
const say = (line) => console.log(`[bench h-qa] ${line}`);
const env = process.env;
const quick = env.BENCH_QUICK === '1';
const num = (name, fallback) => (env[name] ? Number(env[name]) : fallback);
const config = {
  questions: num('BENCH_QA_QUESTIONS', 100_000),
  authors: 1000,
  learners: 1000,
  rounds: Math.max(1, num('BENCH_ROUNDS', quick ? 1 : 3)),
  durationS: num('BENCH_DURATION', quick ? 3 : 10),
  warmupS: num('BENCH_WARMUP', quick ? 1 : 2),
  connections: num('BENCH_CONNECTIONS', 10),
  terms: SEARCH_TERMS,
  goal: { minRatio: 0.3, maxP99Ms: 50 },
  stackEnv: {
    NODE_ENV: 'test',
    LOG_LEVEL: env.BENCH_LOG_LEVEL || 'warn',
    RATE_LIMIT_SCALE: '0',
    DB_POOL_SIZE: env.BENCH_DB_POOL_SIZE || env.DB_POOL_SIZE || '10',
  },
};

const run = throwawayRun(root, 'h-qa', say);
/** a search answered: 200 with its page of questions */
const isAnswer = (r) => r.status === 200 && Array.isArray(r.json?.questions);
const { runId, children } = run;

async function main() {
  say(
    `run ${runId}: ${config.questions} questions, ${config.terms.length} search terms, ${config.connections} connections, ${config.rounds} round(s) of ${config.durationS} s${quick ? ' (QUICK)' : ''}`,
  );
  await run.acquire();
  const stackEnv = run.stackEnv(config.stackEnv);
  const community = children.spawnNode('community', join(root, 'apps', 'community', 'dist', 'main.js'), stackEnv, { cwd: root });
  const port = await freePort();
  const gateway = children.spawnNode(
    'gateway',
    join(root, 'apps', 'gateway', 'dist', 'main.js'),
    { ...stackEnv, PORT: String(port) },
    { cwd: root },
  );
  const gw = `http://127.0.0.1:${port}`;
  await children.waitFor(
    gateway,
    async () => {
      if (!children.isRunning(community)) throw new Error(`community exited:\n${tail(community.logPath)}`);
      const h = await request(gw, 'GET', '/api/health');
      return h.json?.services?.community?.status === 'ok';
    },
    { timeoutMs: 90_000, what: 'reporting community ok on /api/health' },
  );
  const communityDb = run.databaseUrl('community');
  const { default: pg } = await import('pg');
  const seedS = await seedQuestions(pg, communityDb, { count: config.questions, authors: config.authors });
  say(`seeded ${config.questions} questions in ${seedS.toFixed(1)} s`);

  const baselineUrl = await run.startBaseline('baseline-qa-search', 'qa-search.mjs', {
    DATABASE_URL: communityDb,
    DB_POOL_SIZE: config.stackEnv.DB_POOL_SIZE,
  });
  say(`stack up: gateway ${gw}; baseline ${baselineUrl}`);

  const mint = await run.tokenMinter();
  const learners = Array.from({ length: config.learners }, () => mint('learner'));

  // both answer the same page for the same term (the same SQL on the same rows)
  const matches = [];
  for (const term of config.terms) {
    const q = `search=${encodeURIComponent(term)}`;
    const t = await request(gw, 'GET', `/api/qa/questions?${q}`, { token: learners[0].token });
    const b = await request(baselineUrl, 'GET', `/qa/questions?${q}&user=${learners[0].userId}`);
    if (t.status !== 200) throw new Error(`searching "${term}" through the gateway: ${t.status} ${t.text.slice(0, 300)}`);
    const same =
      t.json.total === b.json?.total &&
      JSON.stringify(t.json.questions.map((x) => x.id)) === JSON.stringify(b.json?.questions.map((x) => x.id));
    if (!same) throw new Error(`"${term}": the gateway and the baseline disagree (${t.json.total} vs ${b.json?.total} matches)`);
    matches.push({ term, total: t.json.total, top: t.json.questions[0]?.title ?? null });
  }
  say(`terms: ${matches.map((m) => `${m.term} ${m.total}`).join(', ')}`);

  // information: each term alone (no queue), the median of 5 after the others warmed the cache
  const alone = [];
  for (const pass of [0, 1])
    for (const m of matches) {
      const ms = [];
      for (let i = 0; i < 5; i++)
        ms.push((await request(gw, 'GET', `/api/qa/questions?search=${encodeURIComponent(m.term)}`, { token: learners[i].token })).ms);
      if (pass === 1) alone.push({ term: m.term, total: m.total, ms: median(ms) });
    }
  say(`each term alone through the gateway (median of 5): ${alone.map((a) => `${a.term} ${a.ms.toFixed(1)} ms`).join(', ')}`);

  let n = 0;
  const target = () => {
    const i = n++;
    const term = config.terms[i % config.terms.length];
    return () => request(gw, 'GET', `/api/qa/questions?search=${encodeURIComponent(term)}`, { token: learners[i % learners.length].token });
  };
  const baseline = () => {
    const i = n++;
    const term = config.terms[i % config.terms.length];
    return () =>
      request(baselineUrl, 'GET', `/qa/questions?search=${encodeURIComponent(term)}&user=${learners[i % learners.length].userId}`);
  };

  const rounds = [];
  for (let r = 0; r < config.rounds; r++) {
    if (config.warmupS) {
      await jobLoop(target, config.connections, config.warmupS, isAnswer);
      await jobLoop(baseline, config.connections, config.warmupS, isAnswer);
    }
    const t = await jobLoop(target, config.connections, config.durationS, isAnswer);
    const b = await jobLoop(baseline, config.connections, config.durationS, isAnswer);
    rounds.push({ target: t, baseline: b, ratio: t.perS / b.perS });
    say(
      `round ${r + 1}: target ${t.perS.toFixed(0)} searches/s p50 ${t.p50.toFixed(1)} ms p99 ${t.p99.toFixed(1)} ms errors ${t.errors}; baseline ${b.perS.toFixed(0)}/s p50 ${b.p50.toFixed(1)} ms p99 ${b.p99.toFixed(1)} ms errors ${b.errors}; ratio ${(t.perS / b.perS).toFixed(2)}x`,
    );
    for (const e of [...t.errorSamples, ...b.errorSamples]) say(`  error: ${e}`);
    await sleep(500);
  }

  const med = (f) => median(rounds.map(f));
  const summary = {
    target: {
      perS: med((r) => r.target.perS),
      p50: med((r) => r.target.p50),
      p99: med((r) => r.target.p99),
      errors: rounds.reduce((s, r) => s + r.target.errors, 0),
    },
    baseline: {
      perS: med((r) => r.baseline.perS),
      p50: med((r) => r.baseline.p50),
      p99: med((r) => r.baseline.p99),
      errors: rounds.reduce((s, r) => s + r.baseline.errors, 0),
    },
    ratio: med((r) => r.ratio),
  };
  const checks = {
    ratio: summary.ratio >= config.goal.minRatio,
    p99: summary.target.p99 < config.goal.maxP99Ms,
    noError: summary.target.errors === 0,
  };
  const met = Object.values(checks).every(Boolean);
  say(
    `(h) /qa search through the gateway: ${summary.target.perS.toFixed(0)}/s, p50 ${summary.target.p50.toFixed(1)} ms, p99 ${summary.target.p99.toFixed(1)} ms; bare handler ${summary.baseline.perS.toFixed(0)}/s, p99 ${summary.baseline.p99.toFixed(1)} ms; ratio ${summary.ratio.toFixed(2)}x (medians of ${rounds.length})`,
  );
  say(
    `goal (>= ${config.goal.minRatio}x, p99 < ${config.goal.maxP99Ms} ms, 0 errors): ${met ? 'MET' : 'NOT MET'} (${Object.entries(checks)
      .map(([k, v]) => `${k} ${v ? 'yes' : 'NO'}`)
      .join(', ')})`,
  );

  const startedAt = new Date();
  const stamp = startedAt
    .toISOString()
    .replace(/[:]/g, '-')
    .replace(/\.\d+Z$/, 'Z');
  const result = {
    scenario: 'h-qa-search',
    startedAt: startedAt.toISOString(),
    quick,
    machine: { cpus: os.cpus().length, loadavg: os.loadavg() },
    config,
    seedS,
    matches,
    alone,
    rounds,
    summary,
    checks,
    goalMet: met,
  };
  const write = (name, text) => writeResult(resultsDir, name, text);
  write(`${stamp}${quick ? '-quick' : ''}-qa-search.json`, `${JSON.stringify(result, null, 2)}\n`);
  const f = (v, d = 1) => (Number.isFinite(v) ? v.toFixed(d) : '-');
  write(
    `latest-qa-search${quick ? '-quick' : ''}.md`,
    [
      `# Benchmark (h): /qa search over ${config.questions.toLocaleString('en')} questions, ${result.startedAt}${quick ? ' (quick)' : ''}`,
      '',
      `GET /api/qa/questions?search=<term> at ${config.connections} connections, closed loop, ${rounds.length} round(s) of ${config.durationS} s alternating with the bare handler (Fastify + pg, the same SQL on community's database). ${config.terms.length} terms in turn: ${config.terms.map((t) => `\`${t}\``).join(', ')}. ${os.cpus().length}-core machine (load average ${os.loadavg()[0].toFixed(1)} at the end), load generator on the same machine.`,
      '',
      '| | searches/s | p50 ms | p99 ms | errors |',
      '|---|---|---|---|---|',
      `| through the gateway | ${f(summary.target.perS, 0)} | ${f(summary.target.p50)} | ${f(summary.target.p99)} | ${summary.target.errors} |`,
      `| bare Fastify + pg | ${f(summary.baseline.perS, 0)} | ${f(summary.baseline.p50)} | ${f(summary.baseline.p99)} | ${summary.baseline.errors} |`,
      '',
      `Ratio ${f(summary.ratio, 2)}x. Each term alone through the gateway (matches, median of 5 ms): ${alone.map((a) => `${a.term} ${a.total} / ${f(a.ms)}`).join(', ')}. Goal (>= ${config.goal.minRatio}x, p99 < ${config.goal.maxP99Ms} ms, 0 errors): ${met ? 'met' : 'NOT met'}.`,
      '',
    ].join('\n'),
  );
  if (!met) process.exitCode = 1;
}

await runScript(run, 'h-qa', main);
