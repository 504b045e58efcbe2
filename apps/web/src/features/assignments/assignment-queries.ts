import { assessmentRoutes, catalogRoutes, COURSE_PAGE_SIZE_MAX, type Role } from '@lp/contracts';
import { useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { callRoute } from '../../api/client';
import { routeKey } from '../../api/route-key';

const r = assessmentRoutes;

export function useCourseAssignments(courseId: string | undefined) {
  return useQuery({
    queryKey: routeKey(r.courseAssignments, { courseId }),
    queryFn: ({ signal }) => callRoute(r.courseAssignments, { params: { courseId: courseId! }, signal }),
    enabled: Boolean(courseId),
  });
}

/** One GET /assignments/course/{courseId} per course, for the learner's list over every enrolled course. */
export function useAssignmentsOfCourses(courseIds: readonly string[]) {
  return useQueries({
    queries: courseIds.map((courseId) => ({
      queryKey: routeKey(r.courseAssignments, { courseId }),
      queryFn: ({ signal }: { signal: AbortSignal }) => callRoute(r.courseAssignments, { params: { courseId }, signal }),
    })),
  });
}

export function useAssignment(id: string | undefined) {
  return useQuery({
    queryKey: routeKey(r.getAssignment, { id }),
    queryFn: ({ signal }) => callRoute(r.getAssignment, { params: { id: id! }, signal }),
    enabled: Boolean(id),
    retry: false,
  });
}

export function useSubmissions(assignmentId: string | undefined) {
  return useQuery({
    queryKey: routeKey(r.listSubmissions, { id: assignmentId }),
    queryFn: ({ signal }) => callRoute(r.listSubmissions, { params: { id: assignmentId! }, signal }),
    enabled: Boolean(assignmentId),
  });
}

/**
 * The courses an assignment manager picks from. GET /instructor/courses is for course
 * authors only, so an admin (who may manage assignments, spec 2 section 6) browses the
 * course list instead; the assessment service decides whose course may get an assignment.
 */
export function useManagedCourses(role: Role) {
  const isAdmin = role === 'admin';
  return useQuery({
    queryKey: isAdmin ? routeKey(catalogRoutes.listCourses, { limit: COURSE_PAGE_SIZE_MAX }) : routeKey(catalogRoutes.instructorCourses),
    queryFn: ({ signal }) =>
      isAdmin ? callRoute(catalogRoutes.listCourses, { query: { limit: COURSE_PAGE_SIZE_MAX }, signal }) : callRoute(catalogRoutes.instructorCourses, { signal }),
  });
}

export function useEnrolledCourses() {
  return useQuery({
    queryKey: routeKey(catalogRoutes.learnerEnrolledCourses),
    queryFn: ({ signal }) => callRoute(catalogRoutes.learnerEnrolledCourses, { signal }),
  });
}

function isAssignmentKey(key: readonly unknown[]): boolean {
  return typeof key[0] === 'string' && (key[0].startsWith('assessment.assignment.') || key[0].startsWith('assessment.submission.'));
}

/** After any assignment or submission change: lists, counts and statuses may all have moved. */
export function useRefreshAssignments(): () => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(() => queryClient.invalidateQueries({ predicate: (query) => isAssignmentKey(query.queryKey) }), [queryClient]);
}
