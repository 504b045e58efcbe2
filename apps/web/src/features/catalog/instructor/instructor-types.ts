import type { catalogRoutes, RouteOutput } from '@lp/contracts';

export type InstructorMessage = RouteOutput<typeof catalogRoutes.instructorMessages>[number];
export type AtRiskStudent = RouteOutput<typeof catalogRoutes.instructorAtRisk>[number];
export type CourseAnalytics = RouteOutput<typeof catalogRoutes.courseAnalytics>;
