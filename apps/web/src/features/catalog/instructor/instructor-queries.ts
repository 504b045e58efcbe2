import { catalogRoutes, type RouteOutput } from '@lp/contracts';
import { useQuery } from '@tanstack/react-query';
import { callRoute } from '../../../api/client';
import { routeKey } from '../../../api/route-key';

const r = catalogRoutes;

export type InstructorMessage = RouteOutput<typeof r.instructorMessages>[number];
export type Student = RouteOutput<typeof r.instructorStudents>[number];
export type AtRiskStudent = RouteOutput<typeof r.instructorAtRisk>[number];
export type CourseAnalytics = RouteOutput<typeof r.courseAnalytics>;

export function useInstructorOverview() {
  return useQuery({ queryKey: routeKey(r.instructorOverview), queryFn: ({ signal }) => callRoute(r.instructorOverview, { signal }) });
}

export function useInstructorStudents() {
  return useQuery({ queryKey: routeKey(r.instructorStudents), queryFn: ({ signal }) => callRoute(r.instructorStudents, { signal }) });
}

export function useAtRiskStudents() {
  return useQuery({ queryKey: routeKey(r.instructorAtRisk), queryFn: ({ signal }) => callRoute(r.instructorAtRisk, { signal }) });
}

export function useInstructorMessages() {
  return useQuery({ queryKey: routeKey(r.instructorMessages), queryFn: ({ signal }) => callRoute(r.instructorMessages, { signal }) });
}

export function useInstructorCourseAnalytics(courseId: string | undefined) {
  return useQuery({
    queryKey: routeKey(r.instructorCourseAnalytics, { id: courseId }),
    queryFn: ({ signal }) => callRoute(r.instructorCourseAnalytics, { params: { id: courseId! }, signal }),
    enabled: Boolean(courseId),
  });
}

export function useContentLibrary() {
  return useQuery({ queryKey: routeKey(r.contentLibrary), queryFn: ({ signal }) => callRoute(r.contentLibrary, { signal }) });
}
