/**
 * The statements of GET /qa/questions, one constant text each, so the benchmark's bare
 * baseline (bench/baselines/qa-search.mjs) runs exactly these. The searches' parameters:
 * $1 the search term (lowercase for the trigram one), $2 category or null, $3 post type or
 * null, $4 limit, $5 offset, $6 the caller (has_upvoted). Each row carries the total of
 * matches, so a page and its count are one statement.
 */

/** What every question row shows, from qa_questions q and the users read model u; `caller` is the caller's parameter. */
const questionColumns = (
  caller: string,
): string => `q.id, q.title, q.content, q.category, q.tags, q.post_type, q.upvotes, q.answer_count, q.views,
       q.author_id, coalesce(u.name, 'Unknown user') AS author_name,
       EXISTS (SELECT 1 FROM qa_answers a WHERE a.question_id = q.id AND a.is_accepted) AS is_answered,
       EXISTS (SELECT 1 FROM qa_question_votes v WHERE v.question_id = q.id AND v.user_id = ${caller}) AS has_upvoted,
       q.created_at, q.updated_at`;

const FILTERS = '($2::varchar IS NULL OR category = $2) AND ($3::varchar IS NULL OR post_type = $3)';

const page = (matches: string): string => `SELECT ${questionColumns('$6')}, m.total::int AS total
  FROM (${matches}) m
  JOIN qa_questions q ON q.id = m.id
  LEFT JOIN users u ON u.id = q.author_id
 ORDER BY m.rank DESC, q.created_at DESC, q.id`;

/**
 * The page of the matches by rank, with their count. The matches are materialised first, so
 * the rank is computed once per match and only (id, created_at, rank) goes through the count
 * and the sort, not the rows' search vectors.
 */
const ranked = (matches: string): string => `WITH matches AS MATERIALIZED (${matches})
  SELECT id, rank, count(*) OVER () AS total FROM matches
   ORDER BY rank DESC, created_at DESC, id
   LIMIT $4 OFFSET $5`;

/** Full-text: websearch syntax ("quoted phrases", -exclusions, or), ranked by the weighted vector. */
export const QA_SEARCH_FULL_TEXT_SQL = page(
  ranked(`SELECT id, created_at, ts_rank(search_vector, query) AS rank
            FROM qa_questions, websearch_to_tsquery('english', $1) AS query
           WHERE search_vector @@ query AND ${FILTERS}`),
);

/**
 * Trigram, over the lowercase title: a word of the title that resembles the term (word
 * similarity, the index's <% operator), for terms too short for full-text search and for
 * word beginnings and variants it does not stem to ("algo", "ml"). Ranked by where the term
 * stands (the title's start, a whole word, a word's start, elsewhere) rather than by
 * word_similarity again: the index check has computed it once per row already, and it is
 * the dearest part of the statement.
 */
export const QA_SEARCH_TRIGRAM_SQL = page(
  ranked(`SELECT id, created_at,
                 CASE WHEN strpos(lower(title), $1) = 1 THEN 3
                      WHEN strpos(' ' || lower(title) || ' ', ' ' || $1 || ' ') > 0 THEN 2
                      WHEN strpos(' ' || lower(title), ' ' || $1) > 0 THEN 1
                      ELSE 0 END AS rank
            FROM qa_questions
           WHERE $1 <% lower(title) AND ${FILTERS}`),
);

/** Without a search term, newest first: $1 category or null, $2 post type or null, $3 limit, $4 offset, $5 the caller. */
export const QA_LIST_SQL = `SELECT ${questionColumns('$5')},
       (SELECT count(*) FROM qa_questions WHERE ($1::varchar IS NULL OR category = $1) AND ($2::varchar IS NULL OR post_type = $2))::int AS total
  FROM qa_questions q
  LEFT JOIN users u ON u.id = q.author_id
 WHERE ($1::varchar IS NULL OR q.category = $1) AND ($2::varchar IS NULL OR q.post_type = $2)
 ORDER BY q.created_at DESC, q.id DESC
 LIMIT $3 OFFSET $4`;

/** One question, in the same shape: $1 its id, $2 the caller. */
export const QA_QUESTION_SQL = `SELECT ${questionColumns('$2')}
  FROM qa_questions q
  LEFT JOIN users u ON u.id = q.author_id
 WHERE q.id = $1`;

/** Below this many characters a term goes to the trigram search: full-text search has little to stem. */
export const QA_FULL_TEXT_MIN_CHARS = 3;
