import { describe, expect, it } from '@jest/globals';
import { ROLES } from '@lp/contracts';
import { routeAt, routeTable, upcomingAreaAt } from '../../routes/route-table';
import { navigationLinks, ROLE_NAVIGATION } from './navigation';

describe('navigation', () => {
  it.each(ROLES)('offers %s only pages whose route guard admits the role', (role) => {
    for (const link of navigationLinks(role)) {
      const guard = routeAt(link.to)?.guard;
      expect(guard === 'any' || (Array.isArray(guard) && guard.includes(role))).toBe(true);
    }
  });

  it('marks exactly the entries whose route shows a coming-soon page, named as that page', () => {
    for (const role of ROLES) {
      for (const link of navigationLinks(role)) {
        expect(link.upcoming).toBe(upcomingAreaAt(link.to));
        if (link.upcoming) expect(link.area).toBe(link.upcoming);
      }
    }
    expect(navigationLinks('learner').find((l) => l.to === '/mentors')?.upcoming).toBeNull();
    expect(navigationLinks('learner').find((l) => l.to === '/leaderboard')?.upcoming).toBeNull();
    expect(navigationLinks('learner').find((l) => l.to === '/ai-tutor')?.upcoming).toBe('aiTutor');
    expect(navigationLinks('learner').find((l) => l.to === '/mock-tests')?.upcoming).toBeNull();
  });

  it('lists every working page without parameters that a role may open', () => {
    // routes that are not destinations of their own: dashboards (the Dashboard link), account pages
    // (the user menu; /notifications also from the header's bell), and pages of this app reached from elsewhere
    const elsewhere = new Set([
      '/',
      '/coming-soon',
      '/auth/dev-google',
      '/dev/mailbox',
      '/profile',
      '/account-settings',
      '/notifications',
      '/referrals',
      '/institution/onboard',
      '*',
    ]);
    for (const role of ROLES) {
      const offered = new Set(navigationLinks(role).map((l) => l.to));
      for (const route of routeTable) {
        if (route.path.includes(':') || elsewhere.has(route.path) || route.path.endsWith('/dashboard')) continue;
        if (upcomingAreaAt(route.path)) continue;
        const admitted = route.guard === 'any' || (Array.isArray(route.guard) && route.guard.includes(role));
        if (admitted) expect([role, route.path, offered.has(route.path)]).toEqual([role, route.path, true]);
      }
    }
  });

  it('shows a group only when it holds more than one link', () => {
    for (const role of ROLES) {
      for (const entry of ROLE_NAVIGATION[role].entries) if ('group' in entry) expect(entry.links.length).toBeGreaterThan(1);
    }
  });
});
