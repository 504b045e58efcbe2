import type { EntityManager } from 'typeorm';
import { queryOne, queryRows } from '@lp/service-kit';

/**
 * The figures of an institution's dashboard and analytics, one statement per family. Every
 * figure covers the institution and its whole subtree (a corporation's Overview is its
 * group's): people are counted once however many institutions of the subtree they belong to;
 * courses are those an institution of the subtree owns or was assigned (course_assignments);
 * enrollments count with their course's owner. Row-level security is in force; the subtree is
 * what the caller may see anyway.
 */
const SUBTREE = `sub AS (SELECT id FROM institutions WHERE $1::uuid = ANY (path_ids))`;

export interface PeopleFigures {
  members: number;
  students: number;
  faculty: number;
  subsidiaries: number;
  courses: number;
}
export async function peopleFigures(tx: EntityManager, institutionId: string): Promise<PeopleFigures> {
  const r = await queryOne<PeopleFigures>(
    tx,
    `WITH ${SUBTREE}
     SELECT (SELECT count(DISTINCT user_id) FROM members WHERE institution_id IN (SELECT id FROM sub))::int AS members,
            (SELECT count(DISTINCT user_id) FROM members WHERE institution_id IN (SELECT id FROM sub) AND member_type = 'student')::int AS students,
            (SELECT count(DISTINCT user_id) FROM members WHERE institution_id IN (SELECT id FROM sub) AND member_type = 'faculty')::int AS faculty,
            (SELECT count(*) - 1 FROM sub)::int AS subsidiaries,
            (SELECT count(*) FROM (SELECT id FROM courses WHERE institution_id IN (SELECT id FROM sub)
                                   UNION SELECT course_id FROM course_assignments WHERE institution_id IN (SELECT id FROM sub)) c)::int AS courses`,
    [institutionId],
  );
  return r!;
}

export interface EnrollmentFigures {
  total: number;
  completed: number;
  /** distinct learners who enrolled or completed since `activeSince` */
  active: number;
}
export async function enrollmentFigures(tx: EntityManager, institutionId: string, activeSince: Date): Promise<EnrollmentFigures> {
  const r = await queryOne<EnrollmentFigures>(
    tx,
    `WITH ${SUBTREE}
     SELECT count(*)::int AS total, count(completed_at)::int AS completed,
            count(DISTINCT user_id) FILTER (WHERE enrolled_at >= $2 OR completed_at >= $2)::int AS active
       FROM enrollments WHERE institution_id IN (SELECT id FROM sub)`,
    [institutionId, activeSince],
  );
  return r!;
}

export interface PopularCourse {
  course_id: string;
  title: string;
  enrollments: number;
}
/** the courses with the most enrollments (ties by title) */
export async function popularCourses(tx: EntityManager, institutionId: string, limit: number): Promise<PopularCourse[]> {
  return queryRows<PopularCourse>(
    tx,
    `WITH ${SUBTREE}
     SELECT c.id AS course_id, c.title, count(e.id)::int AS enrollments
       FROM courses c LEFT JOIN enrollments e ON e.course_id = c.id
      WHERE c.institution_id IN (SELECT id FROM sub)
      GROUP BY c.id, c.title
      ORDER BY enrollments DESC, c.title, c.id
      LIMIT $2`,
    [institutionId, limit],
  );
}

export interface TrendRow {
  month: string;
  members_added: number;
  enrollments: number;
  completions: number;
  revenue_minor: number;
}
/** one row per calendar month (UTC) from the month of `from` to the month of `to`, empty months included */
export async function monthlyTrend(tx: EntityManager, institutionId: string, from: Date, to: Date): Promise<TrendRow[]> {
  return queryRows<TrendRow>(
    tx,
    `WITH ${SUBTREE},
     months AS (SELECT generate_series(date_trunc('month', $2::timestamptz AT TIME ZONE 'UTC'), date_trunc('month', $3::timestamptz AT TIME ZONE 'UTC'), interval '1 month') AS m),
     added AS (SELECT date_trunc('month', added_at AT TIME ZONE 'UTC') AS m, count(*) AS n
                 FROM members WHERE institution_id IN (SELECT id FROM sub) AND added_at >= $2 AND added_at <= $3 GROUP BY 1),
     enrolled AS (SELECT date_trunc('month', enrolled_at AT TIME ZONE 'UTC') AS m, count(*) AS n, sum(amount_paid_minor) AS revenue
                    FROM enrollments WHERE institution_id IN (SELECT id FROM sub) AND enrolled_at >= $2 AND enrolled_at <= $3 GROUP BY 1),
     completed AS (SELECT date_trunc('month', completed_at AT TIME ZONE 'UTC') AS m, count(*) AS n
                     FROM enrollments WHERE institution_id IN (SELECT id FROM sub) AND completed_at >= $2 AND completed_at <= $3 GROUP BY 1)
     SELECT to_char(months.m, 'YYYY-MM') AS month, coalesce(added.n, 0)::int AS members_added, coalesce(enrolled.n, 0)::int AS enrollments,
            coalesce(completed.n, 0)::int AS completions, coalesce(enrolled.revenue, 0)::bigint AS revenue_minor
       FROM months LEFT JOIN added USING (m) LEFT JOIN enrolled USING (m) LEFT JOIN completed USING (m)
      ORDER BY months.m`,
    [institutionId, from, to],
  );
}
