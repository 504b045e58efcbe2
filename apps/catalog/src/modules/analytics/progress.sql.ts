/**
 * CTEs giving every enrollment of a set of courses with its progress, computed from the
 * completions (published lessons and content items) — one query, no stored percentages.
 * `scope` selects the course ids (`SELECT id FROM courses WHERE ...`); `enrollmentFilter`
 * narrows the enrollments (`WHERE e.user_id = $1`). Defines `scoped`, `unit_totals`,
 * `done` and `progress` (enrollment_id, course_id, user_id, enrolled_at, last_activity_at,
 * completed_at, amount_paid, total_units, done_units, progress, is_completed).
 */
export const progressCte = (scope: string, enrollmentFilter = ''): string => `
  scoped AS (${scope}),
  unit_totals AS (
    SELECT s.id AS course_id,
           (SELECT count(*) FROM lessons l WHERE l.course_id = s.id AND l.is_published)
         + (SELECT count(*) FROM content_items i WHERE i.course_id = s.id) AS total
      FROM scoped s),
  done AS (
    SELECT x.course_id, x.user_id, count(*) AS done FROM (
      SELECT lc.course_id, lc.user_id FROM lesson_completions lc
        JOIN lessons l ON l.id = lc.lesson_id AND l.is_published
       WHERE lc.course_id IN (SELECT id FROM scoped)
      UNION ALL
      SELECT ic.course_id, ic.user_id FROM item_completions ic WHERE ic.course_id IN (SELECT id FROM scoped)
    ) x GROUP BY x.course_id, x.user_id),
  progress AS (
    SELECT e.id AS enrollment_id, e.course_id, e.user_id, e.enrolled_at, e.last_activity_at, e.completed_at, e.amount_paid,
           t.total AS total_units, COALESCE(d.done, 0) AS done_units,
           CASE WHEN t.total = 0 THEN 0
                WHEN COALESCE(d.done, 0) >= t.total THEN 100
                ELSE LEAST(99.9, round(100.0 * COALESCE(d.done, 0) / t.total, 1)) END AS progress,
           (e.completed_at IS NOT NULL OR (t.total > 0 AND COALESCE(d.done, 0) >= t.total)) AS is_completed
      FROM enrollments e
      JOIN unit_totals t ON t.course_id = e.course_id
      LEFT JOIN done d ON d.course_id = e.course_id AND d.user_id = e.user_id
      ${enrollmentFilter})`;
