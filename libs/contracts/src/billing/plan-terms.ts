import { z } from 'zod';

/**
 * The words of plans and subscriptions that billing's schemas and its events share (the
 * events cannot import the schemas: those import the events' item types).
 */
export const PLAN_USER_TYPES = ['institution', 'mentor', 'instructor'] as const;
export type PlanUserType = (typeof PLAN_USER_TYPES)[number];
export const PlanUserTypeSchema = z.enum(PLAN_USER_TYPES, { error: 'User type must be institution, mentor or instructor' });

export const SUBSCRIPTION_STATUSES = ['pending', 'active', 'past_due', 'cancelled', 'expired'] as const;
export const SubscriptionStatusSchema = z.enum(SUBSCRIPTION_STATUSES);

const limit = z.number().int().nullable();
/** A plan's limits as they travel (in events): a whole number, or null for unlimited. */
export const PlanLimitsWire = z.object({ max_students: limit, max_faculty: limit, max_courses: limit, max_sessions_per_month: limit });
export const PLAN_LIMIT_KEYS = PlanLimitsWire.keyof().options;
