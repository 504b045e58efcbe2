import { assessmentRoutes, catalogRoutes, COURSE_PAGE_SIZE_MAX, type Role } from '@lp/contracts';
import { useQueries } from '@tanstack/react-query';
import { routeQuery, useRouteQuery } from '../../api/route-hooks';
import type { Stale } from '../../api/route-key';

/** After any assignment or submission change: lists, counts and statuses may all have moved. */
export const ASSIGNMENT_ANSWERS: readonly Stale[] = ['assessment.assignment.', 'assessment.submission.'];

/** One GET /assignments/course/{courseId} per course, for the lists over several courses. */
export function useAssignmentsOfCourses(courseIds: readonly string[]) {
  return useQueries({ queries: courseIds.map((courseId) => routeQuery(assessmentRoutes.courseAssignments, { params: { courseId } })) });
}

/**
 * The courses an assignment manager picks from. GET /instructor/courses is for course
 * authors only, so an admin (who may manage assignments, spec 2 section 6) browses the
 * course list instead; the assessment service decides whose course may get an assignment.
 */
export function useManagedCourses(role: Role) {
  const isAdmin = role === 'admin';
  const all = useRouteQuery(catalogRoutes.listCourses, { query: { limit: COURSE_PAGE_SIZE_MAX } }, { enabled: isAdmin });
  const own = useRouteQuery(catalogRoutes.instructorCourses, {}, { enabled: !isAdmin });
  return isAdmin ? all : own;
}
