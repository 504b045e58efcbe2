import { assessmentRoutes, catalogRoutes, type RouteRequest } from '@lp/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { callRoute } from '../../../api/client';
import { routeKey } from '../../../api/route-key';

const a = assessmentRoutes;

export type DiscoverQuery = NonNullable<RouteRequest<typeof a.listMockTests>['query']>;

export function useDiscoverQuizzes(query: DiscoverQuery) {
  return useQuery({
    queryKey: routeKey(a.listMockTests, query),
    queryFn: ({ signal }) => callRoute(a.listMockTests, { query, signal }),
    placeholderData: (previous) => previous,
  });
}

/** GET /quizzes/{id}: the taker view; it also opens (or resumes) the attempt's server session. */
export function useTakerQuiz(id: string | undefined) {
  return useQuery({
    queryKey: routeKey(a.getQuiz, { id }),
    queryFn: ({ signal }) => callRoute(a.getQuiz, { params: { id: id! }, signal }),
    enabled: Boolean(id),
    retry: false,
    // a refetch would open a new session after a submit; the page asks for one explicitly on retake
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
}

/** GET /quizzes/{id}/info: the card and the caller's standing; opens no session. */
export function useQuizInfo(id: string | undefined) {
  return useQuery({
    queryKey: routeKey(a.quizInfo, { id }),
    queryFn: ({ signal }) => callRoute(a.quizInfo, { params: { id: id! }, signal }),
    enabled: Boolean(id),
    retry: false,
  });
}

/**
 * Whether the caller is the assessment's author: GET /quizzes/{id}/manage answers only them
 * (the same rule as POST /learner/quiz-attempts/{id}/review), so its success is the signal.
 * The attempt itself does not say who wrote the assessment, and comparing ids would copy the
 * server's rule into the browser. Only asked for roles that can author (others get 403 anyway).
 */
export function useIsAuthorOf(quizId: string | undefined, canAuthor: boolean) {
  const query = useQuery({
    queryKey: routeKey(a.manageQuiz, { id: quizId }),
    queryFn: ({ signal }) => callRoute(a.manageQuiz, { params: { id: quizId! }, signal }),
    enabled: Boolean(quizId) && canAuthor,
    retry: false,
  });
  return { isAuthor: query.isSuccess, isPending: canAuthor && query.isPending };
}

export function useQuizResults(id: string | undefined) {
  return useQuery({
    queryKey: routeKey(a.mockTestResults, { id }),
    queryFn: ({ signal }) => callRoute(a.mockTestResults, { params: { id: id! }, signal }),
    enabled: Boolean(id),
    retry: false,
  });
}

export function useLearnerAttempts(enabled = true) {
  return useQuery({
    queryKey: routeKey(a.learnerAttempts),
    queryFn: ({ signal }) => callRoute(a.learnerAttempts, { signal }),
    enabled,
  });
}

export function useLearnerAnalytics(enabled = true) {
  return useQuery({
    queryKey: routeKey(a.learnerAnalytics),
    queryFn: ({ signal }) => callRoute(a.learnerAnalytics, { signal }),
    enabled,
  });
}

export function useAttempt(id: string | undefined) {
  return useQuery({
    queryKey: routeKey(a.getAttempt, { id }),
    queryFn: ({ signal }) => callRoute(a.getAttempt, { params: { id: id! }, signal }),
    enabled: Boolean(id),
    retry: false,
  });
}

export function useCourseQuizzes(courseId: string | undefined, enabled = true) {
  return useQuery({
    queryKey: routeKey(a.courseQuizzes, { id: courseId }),
    queryFn: ({ signal }) => callRoute(a.courseQuizzes, { params: { id: courseId! }, signal }),
    enabled: Boolean(courseId) && enabled,
  });
}

export function useCourseGrades(courseId: string | undefined, enabled = true) {
  return useQuery({
    queryKey: routeKey(a.courseGrades, { id: courseId }),
    queryFn: ({ signal }) => callRoute(a.courseGrades, { params: { id: courseId! }, signal }),
    enabled: Boolean(courseId) && enabled,
  });
}

export function useEnrolledCourses(enabled = true) {
  return useQuery({
    queryKey: routeKey(catalogRoutes.learnerEnrolledCourses),
    queryFn: ({ signal }) => callRoute(catalogRoutes.learnerEnrolledCourses, { signal }),
    enabled,
  });
}

export function useEnrollmentProgress(id: string | undefined) {
  return useQuery({
    queryKey: routeKey(catalogRoutes.enrollmentProgress, { id }),
    queryFn: ({ signal }) => callRoute(catalogRoutes.enrollmentProgress, { params: { id: id! }, signal }),
    enabled: Boolean(id),
  });
}

/** After a submit: standings, attempts, analytics and grades have all moved. */
export function useRefreshAssessment(): () => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(
    () =>
      queryClient.invalidateQueries({
        predicate: (query) =>
          typeof query.queryKey[0] === 'string' && query.queryKey[0].startsWith('assessment.') && query.queryKey[0] !== a.getQuiz.subject,
      }),
    [queryClient],
  );
}
