// Scenario (c), catalog search: the requests measured, the check that the baseline runs the
// repository's very SQL, the query plans and the SQL-alone timings on the seeded data, and
// the section of docs/catalog-search.md that a full run rewrites.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { percentile } from './load.mjs';

/**
 * What a learner types, of varied selectivity on the seeded catalog (bench/lib/catalog-seed.mjs,
 * counts of published matches there): very common words, a medium one, two-word phrases,
 * rare topics, a word of ~5 courses, one without any match, and three with a category.
 */
export const SEARCHES = [
  { search: 'projects' },
  { search: 'introduction' },
  { search: 'python' },
  { search: 'machine learning' },
  { search: 'spanish' },
  { search: 'kubernetes' },
  { search: 'zettelkasten' },
  { search: 'beekeeping' },
  { search: 'xyzzy' },
  { search: 'design', category: 'design' },
  { search: 'seo', category: 'marketing' },
  { search: 'excel', category: 'business' },
];

/** The terms whose plans go into the docs: a common one and a rare one (both must match something). */
export const PLAN_TERMS = { common: 'python', rare: 'beekeeping' };

export const label = (s) => `${s.search}${s.category ? ` [${s.category}]` : ''}`;

/** GET /api/courses?search=...&category=...&limit=... for each search */
export function searchRequests(limit, searches = SEARCHES) {
  return searches.map((s) => {
    const q = new URLSearchParams({ search: s.search, ...(s.category ? { category: s.category } : {}), limit: String(limit) });
    return {
      ...s,
      label: label(s),
      path: `/api/courses?${q.toString()}`,
      // what the service's CourseListQuery makes of it
      filter: { category: s.category, level: undefined, search: s.search, limit, offset: 0 },
    };
  });
}

export function selectivity(matches) {
  return matches === 0 ? 'none' : matches < 50 ? 'rare' : matches < 500 ? 'medium' : 'common';
}

/**
 * The statement CoursesRepository.list of the built catalog (apps/catalog/dist) runs for a
 * learner (no drafts), for each request, captured with a stand-in DataSource; compared with
 * the baseline's copy. Returns { same, differences, statements }.
 */
export async function compareWithRepository(root, requests, baselineListStatement) {
  const file = join(root, 'apps', 'catalog', 'dist', 'modules', 'courses', 'courses.repository.js');
  const { CoursesRepository } = await import(pathToFileURL(file).href);
  const differences = [];
  const statements = [];
  for (const r of requests) {
    const calls = [];
    const repo = new CoursesRepository({
      query: async (sql, params) => {
        calls.push({ sql, values: params });
        return [];
      },
    });
    await repo.list({ ...r.filter }, null);
    const ours = baselineListStatement({ ...r.filter }, null);
    if (calls.length !== 1) differences.push(`${r.label}: the repository ran ${calls.length} statements`);
    else if (calls[0].sql !== ours.sql || JSON.stringify(calls[0].values) !== JSON.stringify(ours.values))
      differences.push(`${r.label}: the SQL text or the parameters differ from bench/baselines/courses.mjs`);
    statements.push(calls[0] ?? ours);
  }
  return { same: differences.length === 0, differences, statements };
}

/** Published courses matching each search (what selectivity means here). */
export async function matchCounts(client, requests) {
  const out = [];
  for (const r of requests) {
    const likeArg = `%${r.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const { rows } = await client.query(
      `SELECT count(*)::int AS n FROM courses c WHERE c.is_published AND c.search_text LIKE lower($1)${r.category ? ' AND c.category = $2' : ''}`,
      r.category ? [likeArg, r.category] : [likeArg],
    );
    out.push(rows[0].n);
  }
  return out;
}

const SCAN = /(Seq Scan|Index Only Scan|Index Scan Backward|Index Scan|Bitmap Heap Scan|Bitmap Index Scan)(?: using (\S+))? on (\w+)/g;

/** The scans of `courses` in a plan (text format), e.g. "Bitmap Index Scan on courses_search_trgm_idx". */
export function courseScans(planText) {
  const scans = [];
  for (const m of planText.matchAll(SCAN)) {
    const [, kind, index, rel] = m;
    if (kind === 'Bitmap Index Scan') {
      if (rel.startsWith('courses_')) scans.push(`Bitmap Index Scan on ${rel}`);
    } else if (rel === 'courses') scans.push(`${kind}${index ? ` using ${index}` : ''}`);
  }
  return [...new Set(scans)];
}

/** EXPLAIN (ANALYZE, BUFFERS) of a statement, run twice (the second, warm, is kept). */
export async function explain(client, st) {
  const q = `EXPLAIN (ANALYZE, BUFFERS) ${st.sql}`;
  await client.query(q, st.values);
  const { rows } = await client.query(q, st.values);
  const text = rows.map((r) => r['QUERY PLAN']).join('\n');
  const exec = /Execution Time: ([\d.]+) ms/.exec(text);
  const plan = /Planning Time: ([\d.]+) ms/.exec(text);
  return {
    text,
    executionMs: exec ? Number(exec[1]) : NaN,
    planningMs: plan ? Number(plan[1]) : NaN,
    trigramIndex: /courses_search_trgm_idx/.test(text),
    scans: courseScans(text),
  };
}

/** The statement alone, sequentially on one connection, n times after 3 warm-ups: p50/p99/mean ms. */
export async function sqlTiming(client, st, n) {
  for (let i = 0; i < 3; i++) await client.query(st.sql, st.values);
  const t = new Float64Array(n);
  let rows = 0;
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    const r = await client.query(st.sql, st.values);
    t[i] = performance.now() - t0;
    rows = r.rowCount;
  }
  t.sort();
  return { n, rows, p50: percentile(t, 50), p99: percentile(t, 99), mean: t.reduce((a, b) => a + b, 0) / n };
}

const f = (v, d = 2) => (Number.isFinite(v) ? v.toFixed(d) : '-');
const fi = (v) => (Number.isFinite(v) ? Math.round(v).toLocaleString('en-US') : '-');

/** A markdown page (or section) with the plans and the per-search figures of scenario (c). */
export function plansMarkdown(cat, { heading = '##' } = {}) {
  const L = [];
  const sub = `${heading}#`;
  L.push(
    `Seeded by the bench: ${fi(cat.seed.courses)} courses (${fi(cat.seed.published)} published, ${cat.seed.categories} categories, ${fi(cat.seed.instructors)} instructors), ${fi(cat.seed.lessons)} lessons, ${fi(cat.seed.content_items)} content items; courses ${cat.seed.courses_size}, lessons ${cat.seed.lessons_size}. ${cat.server}. A learner's request, \`limit=${cat.limit}\`.`,
  );
  L.push('');
  L.push(
    `| search | published matches | rows | plan: scans of \`courses\` | trigram index | EXPLAIN ANALYZE ms | SQL alone p50 / p99 ms (${cat.perSearch[0]?.sql?.n ?? '-'} runs) |`,
  );
  L.push('|---|---:|---:|---|---|---:|---:|');
  for (const s of cat.perSearch) {
    L.push(
      `| \`${s.label}\` | ${fi(s.matches)} (${s.selectivity}) | ${fi(s.sql?.rows)} | ${s.plan.scans.map((x) => `\`${x}\``).join(', ')} | ${s.plan.trigramIndex ? 'yes' : 'no'} | ${f(s.plan.executionMs)} | ${f(s.sql?.p50)} / ${f(s.sql?.p99)} |`,
    );
  }
  for (const kind of ['common', 'rare']) {
    const s = cat.perSearch.find((x) => x.search === PLAN_TERMS[kind] && !x.category);
    if (!s) continue;
    L.push('');
    L.push(`${sub} ${kind === 'common' ? 'A common term' : 'A rare term'}: \`${s.search}\` (${fi(s.matches)} published matches)`);
    L.push('');
    L.push('```');
    L.push(s.plan.text);
    L.push('```');
  }
  L.push('');
  return L.join('\n');
}

export const DOC_BEGIN = '<!-- bench (c): generated by `npm run bench` (full runs), do not edit by hand -->';
export const DOC_END = '<!-- /bench (c) -->';

/** Replaces the generated part of docs/catalog-search.md (appends it when the markers are missing). */
export async function writeDocSection(docPath, body) {
  if (!existsSync(docPath)) return false;
  const doc = readFileSync(docPath, 'utf8');
  const block = `${DOC_BEGIN}\n\n${body.trim()}\n\n${DOC_END}`;
  const a = doc.indexOf(DOC_BEGIN);
  const b = doc.indexOf(DOC_END);
  const next = a >= 0 && b > a ? `${doc.slice(0, a)}${block}${doc.slice(b + DOC_END.length)}` : `${doc.trimEnd()}\n\n${block}\n`;
  // written as prettier writes it: CI runs `prettier --check .`, and a full run rewrites this page
  const prettier = await import('prettier');
  writeFileSync(docPath, await prettier.format(next, { ...(await prettier.resolveConfig(docPath)), filepath: docPath }));
  return true;
}
