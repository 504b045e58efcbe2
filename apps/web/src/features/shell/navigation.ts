import type { Role } from '@lp/contracts';
import type { NavAreaKey, NavGroupKey } from '../../i18n/catalog-keys';

export interface NavLinkDef {
  to: string;
  area: NavAreaKey;
}

export interface NavGroupDef {
  group: NavGroupKey;
  links: readonly NavLinkDef[];
}

export type NavEntry = NavLinkDef | NavGroupDef;

export function isNavGroup(entry: NavEntry): entry is NavGroupDef {
  return 'group' in entry;
}

/** Spec 1 section 2.4, per role. */
export const ROLE_NAVIGATION: Record<Role, readonly NavEntry[]> = {
  learner: [
    {
      group: 'learning',
      links: [
        { to: '/courses', area: 'browseCourses' },
        { to: '/my-assignments', area: 'myAssignments' },
      ],
    },
    {
      group: 'community',
      links: [
        { to: '/mentors', area: 'mentors' },
        { to: '/my-sessions', area: 'mySessions' },
        { to: '/community', area: 'studyGroups' },
        { to: '/qa', area: 'qa' },
      ],
    },
    {
      group: 'aiAssistants',
      links: [
        { to: '/ai-tutor', area: 'aiTutor' },
        { to: '/ai-features', area: 'aiFeatures' },
        { to: '/ai-code-reviewer', area: 'aiCodeReviewer' },
        { to: '/ai-career-advisor', area: 'aiCareerAdvisor' },
      ],
    },
  ],
  instructor: [
    { to: '/instructor/courses', area: 'instructorCourses' },
    { to: '/instructor/create', area: 'createCourse' },
    { to: '/assignments', area: 'assignments' },
    { to: '/ai-features', area: 'aiFeatures' },
    { to: '/earnings', area: 'earnings' },
  ],
  mentor: [{ to: '/earnings', area: 'earnings' }],
  admin: [{ to: '/ai-features', area: 'aiFeatures' }],
  institution: [],
};

/** Shown to every role. */
export const COMMON_NAVIGATION: readonly NavLinkDef[] = [
  { to: '/wallet', area: 'wallet' },
  { to: '/subscriptions', area: 'plans' },
  { to: '/knowledge-hub', area: 'knowledgeHub' },
  { to: '/leaderboard', area: 'leaderboard' },
];

export function roleLinks(role: Role): NavLinkDef[] {
  return ROLE_NAVIGATION[role].flatMap((entry) => (isNavGroup(entry) ? [...entry.links] : [entry]));
}
