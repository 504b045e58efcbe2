import { z } from 'zod';

/** Every role the platform knows. Admin exists but is never chosen at sign-up. */
export const ROLES = ['learner', 'instructor', 'mentor', 'institution', 'admin'] as const;
export type Role = (typeof ROLES)[number];
export const RoleSchema = z.enum(ROLES);

/** The four roles a person may pick in the auth modal. */
export const SELF_REGISTER_ROLES = ['learner', 'instructor', 'mentor', 'institution'] as const;
export type SelfRegisterRole = (typeof SELF_REGISTER_ROLES)[number];
export const SelfRegisterRoleSchema = z.enum(SELF_REGISTER_ROLES, {
  error: 'Role must be one of learner, instructor, mentor, institution',
});
