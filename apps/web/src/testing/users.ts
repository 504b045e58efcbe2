import type { User } from '@lp/contracts';

/** Tests only: the signed-in user as identity answers it (GET /auth/me), a learner unless told otherwise. */
export function aUser(over: Partial<User> = {}): User {
  return {
    id: '99999999-8888-4777-8666-555555555555',
    name: 'Lena Learner',
    email: 'lena@example.com',
    phone: null,
    role: 'learner',
    institution: null,
    available_portals: [],
    profile_image: null,
    notification_settings: { email: true, studyReminders: true, assignmentDeadlines: true },
    two_factor_enabled: false,
    created_at: '2026-11-01T09:00:00.000Z',
    ...over,
  };
}
