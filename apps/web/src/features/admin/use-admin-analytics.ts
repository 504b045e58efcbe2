import { identityRoutes, ROLES, type Role } from '@lp/contracts';
import { useTranslation } from 'react-i18next';
import { useRouteQuery } from '../../api/route-hooks';
import { useAdminLoadErrorToast } from './admin-load-errors';
import type { ChartDatum } from './admin-charts';

const isRole = (key: string): key is Role => (ROLES as readonly string[]).includes(key);

/** GET /admin/analytics, its load errors toasted, and its figures shaped for the charts. */
export function useAdminAnalytics() {
  const { t } = useTranslation();
  const analytics = useRouteQuery(identityRoutes.adminAnalytics, {});
  useAdminLoadErrorToast(analytics.error);
  const userCounts: ChartDatum[] = Object.entries(analytics.data?.user_counts ?? {}).map(([role, count]) => ({
    key: role,
    label: isRole(role) ? t(`roles.${role}`) : role,
    value: count,
  }));
  const popularCourses: ChartDatum[] = (analytics.data?.popular_courses ?? []).map((c) => ({
    key: c.id,
    label: c.title,
    value: c.enrollment_count,
  }));
  return { analytics, userCounts, popularCourses };
}
