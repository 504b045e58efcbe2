import { catalogRoutes, type RouteRequest } from '@lp/contracts';
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { callRoute } from '../../../api/client';
import { routeKey } from '../../../api/route-key';

const r = catalogRoutes;

export type CourseListQuery = NonNullable<RouteRequest<typeof r.listCourses>['query']>;
export type KnowledgeListQuery = NonNullable<RouteRequest<typeof r.listResources>['query']>;

export function useCourseList(query: CourseListQuery) {
  return useQuery({
    queryKey: routeKey(r.listCourses, query),
    queryFn: ({ signal }) => callRoute(r.listCourses, { query, signal }),
    placeholderData: (previous) => previous,
  });
}

export function useCourse(id: string | undefined) {
  return useQuery({
    queryKey: routeKey(r.getCourse, { id }),
    queryFn: ({ signal }) => callRoute(r.getCourse, { params: { id: id! }, signal }),
    enabled: Boolean(id),
  });
}

export function useLessons(courseId: string | undefined) {
  return useQuery({
    queryKey: routeKey(r.listLessons, { id: courseId }),
    queryFn: ({ signal }) => callRoute(r.listLessons, { params: { id: courseId! }, signal }),
    enabled: Boolean(courseId),
  });
}

export function useLesson(lessonId: string | undefined) {
  return useQuery({
    queryKey: routeKey(r.getLesson, { id: lessonId }),
    queryFn: ({ signal }) => callRoute(r.getLesson, { params: { id: lessonId! }, signal }),
    enabled: Boolean(lessonId),
    retry: false,
  });
}

export function useReviews(courseId: string | undefined) {
  return useQuery({
    queryKey: routeKey(r.listReviews, { id: courseId }),
    queryFn: ({ signal }) => callRoute(r.listReviews, { params: { id: courseId! }, signal }),
    enabled: Boolean(courseId),
  });
}

export function useEnrollment(courseId: string | undefined, enabled = true) {
  return useQuery({
    queryKey: routeKey(r.checkEnrollment, { id: courseId }),
    queryFn: ({ signal }) => callRoute(r.checkEnrollment, { params: { id: courseId! }, signal }),
    enabled: Boolean(courseId) && enabled,
  });
}

/** GET /progress/{courseId}: only asked once the caller is known to be enrolled. */
export function useCourseProgress(courseId: string | undefined, enabled: boolean) {
  return useQuery({
    queryKey: routeKey(r.progress, { courseId }),
    queryFn: ({ signal }) => callRoute(r.progress, { params: { courseId: courseId! }, signal }),
    enabled: Boolean(courseId) && enabled,
  });
}

export function useCourseContent(courseId: string | undefined, enabled = true) {
  return useQuery({
    queryKey: routeKey(r.listContent, { id: courseId }),
    queryFn: ({ signal }) => callRoute(r.listContent, { params: { id: courseId! }, signal }),
    enabled: Boolean(courseId) && enabled,
    retry: false,
  });
}

export function useInstructorCourses(enabled = true) {
  return useQuery({
    queryKey: routeKey(r.instructorCourses),
    queryFn: ({ signal }) => callRoute(r.instructorCourses, { signal }),
    enabled,
  });
}

function isCatalogKey(key: readonly unknown[]): boolean {
  return typeof key[0] === 'string' && key[0].startsWith('catalog.');
}

/** After a catalog change: every catalog answer may have moved (counts, progress, locks), so all are refetched. */
export function refreshCatalog(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ predicate: (query) => isCatalogKey(query.queryKey) });
}

export function useRefreshCatalog(): () => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(() => refreshCatalog(queryClient), [queryClient]);
}
