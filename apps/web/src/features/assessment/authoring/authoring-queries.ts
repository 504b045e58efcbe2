import { assessmentRoutes } from '@lp/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { callRoute } from '../../../api/client';
import { routeKey } from '../../../api/route-key';

export { percentText, type MockTestResults } from './quiz-figures';

const r = assessmentRoutes;

// The author's lists carry each assessment's figures, which move with other people's attempts:
// a screen (or a tab) that shows them asks again whenever it opens.
export function useMyQuizzes() {
  return useQuery({
    queryKey: routeKey(r.myQuizzes),
    queryFn: ({ signal }) => callRoute(r.myQuizzes, { signal }),
    refetchOnMount: 'always',
  });
}

export function useCourseQuizzes(courseId: string | undefined, enabled = true) {
  return useQuery({
    queryKey: routeKey(r.courseQuizzes, { id: courseId }),
    queryFn: ({ signal }) => callRoute(r.courseQuizzes, { params: { id: courseId! }, signal }),
    enabled: Boolean(courseId) && enabled,
    refetchOnMount: 'always',
  });
}

/** The author's view, with correct answers and explanations. */
export function useManagedQuiz(id: string | undefined) {
  return useQuery({
    queryKey: routeKey(r.manageQuiz, { id }),
    queryFn: ({ signal }) => callRoute(r.manageQuiz, { params: { id: id! }, signal }),
    enabled: Boolean(id),
    retry: false,
  });
}

/** GET /mock-tests/{id}/results: the author receives every taker's attempts (asked when the list is opened, not for the figures). */
export function useQuizResults(id: string, enabled = true) {
  return useQuery({
    queryKey: routeKey(r.mockTestResults, { id }),
    queryFn: ({ signal }) => callRoute(r.mockTestResults, { params: { id }, signal }),
    enabled,
  });
}

/** After a change to an assessment every assessment answer may have moved (lists, counts, the manage view). */
export function useRefreshAssessments(): () => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(
    () => queryClient.invalidateQueries({ predicate: (q) => typeof q.queryKey[0] === 'string' && q.queryKey[0].startsWith('assessment.') }),
    [queryClient],
  );
}
