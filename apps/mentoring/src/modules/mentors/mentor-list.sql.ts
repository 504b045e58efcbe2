import { PRICE_BAND_RANGES, toMinor, type Currency, type PriceBand } from '@lp/contracts';

/**
 * The statements of GET /mentors, built once here so the benchmark's bare baseline
 * (bench/baselines/mentors.mjs) runs exactly what the service runs: a count and a page of
 * published profiles with their people, filtered by search (name, bio, expertise), an
 * expertise and a price band read in one currency (mentors priced in another currency are
 * left out of a band: nothing is converted); best rated first, then the most sessions, then
 * the newest profiles (the people's names are joined only when searching by them: ordering by
 * name cost a join of every match, a third of the statement).
 */
export interface MentorFilter {
  search?: string | undefined;
  expertise?: string | undefined;
  priceBand?: PriceBand | undefined;
  currency: Currency;
  limit: number;
  offset: number;
}

const escapeLike = (s: string): string => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** What a profile row carries besides its own columns. */
export const PROFILE_ROW_SELECT = `SELECT p.*, u.name AS person_name, u.profile_image AS person_image, u.deleted AS person_deleted
         FROM mentor_profiles p LEFT JOIN users u ON u.id = p.user_id`;

/**
 * One statement: the matches are ordered on narrow rows (id, rating, sessions, name) with their
 * count, and only the page's 20 full rows are read afterwards; `countSql` is for a page past
 * the end (no row to carry the count).
 */
export function mentorListQuery(f: MentorFilter): { sql: string; countSql: string; params: unknown[] } {
  const byName = Boolean(f.search);
  const where = [
    'p.is_published',
    byName ? 'NOT coalesce(u.deleted, false)' : 'NOT EXISTS (SELECT 1 FROM users d WHERE d.id = p.user_id AND d.deleted)',
  ];
  const params: unknown[] = [];
  const param = (v: unknown) => `$${params.push(v)}`;
  // one pass over name, bio and expertise areas, the term taken literally
  if (f.search)
    where.push(
      `strpos(lower(coalesce(u.name, '') || ' ' || p.bio || ' ' || array_to_string(p.expertise_areas, ' ')), ${param(f.search.toLowerCase())}) > 0`,
    );
  if (f.expertise)
    where.push(
      `('|' || lower(array_to_string(p.expertise_areas, '|')) || '|') LIKE ${param(`%|${escapeLike(f.expertise.toLowerCase())}|%`)}`,
    );
  if (f.priceBand) {
    const [from, to] = PRICE_BAND_RANGES[f.priceBand];
    where.push(`p.currency = ${param(f.currency)}`);
    if (from !== null) where.push(`p.hourly_rate_minor >= ${param(toMinor(from, f.currency))}`);
    if (to !== null) where.push(`p.hourly_rate_minor < ${param(toMinor(to, f.currency))}`);
  }
  const matches = `FROM mentor_profiles p ${byName ? 'LEFT JOIN users u ON u.id = p.user_id ' : ''}WHERE ${where.join(' AND ')}`;
  return {
    sql: `WITH page AS (
        SELECT p.user_id, CASE WHEN p.rating_count = 0 THEN 0 ELSE p.rating_total::float8 / p.rating_count END AS rank_rating,
               p.total_sessions AS rank_sessions, p.created_at AS rank_created, count(*) OVER ()::int AS total
          ${matches}
         ORDER BY rank_rating DESC, rank_sessions DESC, rank_created DESC, p.user_id
         LIMIT ${Number(f.limit)} OFFSET ${Number(f.offset)})
      ${PROFILE_ROW_SELECT.replace('FROM mentor_profiles p', 'FROM page JOIN mentor_profiles p ON p.user_id = page.user_id').replace('SELECT p.*,', 'SELECT p.*, page.total,')}
       ORDER BY page.rank_rating DESC, page.rank_sessions DESC, page.rank_created DESC, page.user_id`,
    countSql: `SELECT count(*)::int AS n ${matches}`,
    params,
  };
}
