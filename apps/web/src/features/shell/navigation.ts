import type { Guard, Role } from '@lp/contracts';
import type { AreaKey, NavGroupKey, UpcomingAreaKey } from '../../i18n/catalog-keys';
import { routeAt, upcomingAreaAt } from '../../routes/route-table';

/**
 * The navigation is declared once for every role: who sees an entry follows from its route's
 * guard in the route table, and whether it is built follows from the same row. So the menu can
 * neither offer a page the gateway refuses nor call a coming-soon page ready, or the other way round.
 */
interface NavLinkDecl {
  to: string;
  area: AreaKey;
}

interface NavGroupDecl {
  group: NavGroupKey;
  links: readonly NavLinkDecl[];
}

export interface NavLinkDef {
  to: string;
  area: AreaKey;
  /** the area its coming-soon page names; null when the page is built */
  upcoming: UpcomingAreaKey | null;
}

export interface NavGroupDef {
  group: NavGroupKey;
  links: readonly NavLinkDef[];
}

export type NavEntry = NavLinkDef | NavGroupDef;

export function isNavGroup(entry: NavEntry): entry is NavGroupDef {
  return 'group' in entry;
}

/**
 * Spec 1 section 2.4, completed with every working page a role may open (the quiz centre,
 * the quiz builder, the marketplace, community and forum for all, assignments for admins...).
 * A group that leaves a role one link shows as that link.
 */
const NAVIGATION: readonly (NavLinkDecl | NavGroupDecl)[] = [
  {
    group: 'teaching',
    links: [
      { to: '/instructor/courses', area: 'instructorCourses' },
      { to: '/instructor/create', area: 'createCourse' },
      { to: '/mock-test-manager', area: 'mockTestManager' },
      { to: '/assignments', area: 'assignments' },
    ],
  },
  { to: '/earnings', area: 'earnings' },
  {
    group: 'learning',
    links: [
      { to: '/courses', area: 'browseCourses' },
      { to: '/marketplace', area: 'marketplace' },
      { to: '/mock-tests', area: 'mockTests' },
      { to: '/my-assignments', area: 'myAssignments' },
    ],
  },
  {
    group: 'community',
    links: [
      { to: '/community', area: 'studyGroups' },
      { to: '/qa', area: 'qa' },
      { to: '/messages', area: 'messages' },
      { to: '/mentors', area: 'mentors' },
      { to: '/my-sessions', area: 'mySessions' },
    ],
  },
  {
    group: 'aiAssistants',
    links: [
      { to: '/ai-tutor', area: 'aiTutor' },
      { to: '/ai-features', area: 'aiFeatures' },
      { to: '/ai-code-reviewer', area: 'aiCodeReviewer' },
      { to: '/ai-career-advisor', area: 'aiCareerAdvisor' },
      { to: '/ai/exam-generator', area: 'aiExamGenerator' },
    ],
  },
];

/** Shown to every role, after its own entries. */
const COMMON: readonly NavLinkDecl[] = [
  { to: '/wallet', area: 'wallet' },
  { to: '/subscriptions', area: 'plans' },
  { to: '/knowledge-hub', area: 'knowledgeHub' },
  { to: '/leaderboard', area: 'leaderboard' },
];

function admits(guard: Guard, role: Role): boolean {
  return guard === 'public' || guard === 'any' || guard.includes(role);
}

/** The link as `role` sees it, or null when its route does not admit the role. */
function resolve(link: NavLinkDecl, role: Role): NavLinkDef | null {
  const route = routeAt(link.to);
  // a declared link without a route would lead to the not-found page: a mistake to show at once
  if (!route) throw new Error(`navigation: no route is declared for ${link.to}`);
  if (!admits(route.guard, role)) return null;
  const upcoming = upcomingAreaAt(link.to);
  // a coming-soon page is headed by its area's name: the entry carries the same name
  return { to: link.to, area: upcoming ?? link.area, upcoming };
}

function entriesFor(role: Role): NavEntry[] {
  return NAVIGATION.flatMap((entry): NavEntry[] => {
    if (!('group' in entry)) {
      const link = resolve(entry, role);
      return link ? [link] : [];
    }
    const links = entry.links.flatMap((l) => resolve(l, role) ?? []);
    if (links.length <= 1) return links;
    return [{ group: entry.group, links }];
  });
}

export interface RoleNavigation {
  /** the role's own links and groups */
  entries: readonly NavEntry[];
  /** the links of every role (Wallet, Plans...), after the role's own */
  common: readonly NavLinkDef[];
}

function navigationOf(role: Role): RoleNavigation {
  return { entries: entriesFor(role), common: COMMON.flatMap((link) => resolve(link, role) ?? []) };
}

export const ROLE_NAVIGATION: Record<Role, RoleNavigation> = {
  learner: navigationOf('learner'),
  instructor: navigationOf('instructor'),
  mentor: navigationOf('mentor'),
  institution: navigationOf('institution'),
  admin: navigationOf('admin'),
};

/** Every link the role's menu offers, groups flattened, in menu order (common ones last). */
export function navigationLinks(role: Role): NavLinkDef[] {
  const { entries, common } = ROLE_NAVIGATION[role];
  return [...entries.flatMap((entry) => (isNavGroup(entry) ? [...entry.links] : [entry])), ...common];
}
