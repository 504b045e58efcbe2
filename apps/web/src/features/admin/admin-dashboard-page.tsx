import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { useInvalidate } from '../../api/route-hooks';
import { usePageTitle } from '../../lib/use-page-title';
import { Badge, Button, PageHeader, ScrollableTabsList, ScrollableTabsTrigger, Tabs, TabsContent } from '../../ui';
import { useSignedInUser } from '../auth';
import { PricingPlansTab } from './pricing-plans/pricing-plans-tab';
import { Shortcuts } from '../dashboard';
import { AnalyticsTab } from './analytics-tab';
import { EngagementTab } from './engagement-tab';
import { InstitutionsTab } from './institutions-tab';
import { OverviewTab } from './overview-tab';
import { UsersTab } from './users-tab';

export const ADMIN_TABS = ['overview', 'users', 'institutions', 'pricing', 'analytics', 'engagement'] as const;
export type AdminTab = (typeof ADMIN_TABS)[number];

const isTab = (value: string | null): value is AdminTab => value !== null && (ADMIN_TABS as readonly string[]).includes(value);

/** Spec 3 /admin/dashboard: tabs Overview, Users, Institutions, Pricing Plans, Analytics (and Engagement: XP rules and badges) and a Refresh button; the open tab lives in the URL. */
export function AdminDashboardPage() {
  const { t } = useTranslation();
  const user = useSignedInUser();
  usePageTitle(t('nav.dashboard'));
  const [params, setParams] = useSearchParams();
  const tab: AdminTab = isTab(params.get('tab')) ? (params.get('tab') as AdminTab) : 'overview';
  const invalidate = useInvalidate();
  const [refreshing, setRefreshing] = useState(false);
  const name = user.name || t('account.personal.unknownUser');

  const setTab = (value: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === 'overview') next.delete('tab');
        else next.set('tab', value);
        return next;
      },
      { replace: true },
    );

  const refresh = () => {
    setRefreshing(true);
    void invalidate(['identity.admin.', 'institution.admin.', 'billing.pricing-plan.', 'gamification.admin.']).finally(() =>
      setRefreshing(false),
    );
  };

  return (
    <div data-testid="admin-dashboard" data-role="admin">
      <PageHeader
        title={t('adminDashboard.title')}
        subtitle={t('dashboard.welcome', { name })}
        actions={
          <div className="flex items-center gap-2 self-start sm:self-auto">
            <Badge>{t('roles.admin')}</Badge>
            <Button variant="outline" onClick={refresh} loading={refreshing} data-testid="admin-refresh">
              {t('adminDashboard.refresh')}
            </Button>
          </div>
        }
      />
      {/* the admin's working pages outside this dashboard, which its tabs do not reach; none outranks the tabs */}
      <Shortcuts
        plain
        items={[
          { to: '/assignments', label: t('roleDashboard.shortcuts.assignments'), testId: 'shortcut-assignments' },
          { to: '/marketplace', label: t('roleDashboard.shortcuts.marketplace'), testId: 'shortcut-marketplace' },
          { to: '/subscriptions', label: t('roleDashboard.shortcuts.plansPreview'), testId: 'shortcut-plans' },
          { to: '/qa', label: t('roleDashboard.shortcuts.forum'), testId: 'shortcut-forum' },
        ]}
      />
      <Tabs value={tab} onValueChange={setTab}>
        <ScrollableTabsList wrapperClassName="-mx-4 px-4 sm:mx-0 sm:px-0" aria-label={t('adminDashboard.tabsLabel')}>
          {ADMIN_TABS.map((value) => (
            <ScrollableTabsTrigger key={value} value={value} data-testid={`admin-tab-${value}`}>
              {t(`adminDashboard.tabs.${value}`)}
            </ScrollableTabsTrigger>
          ))}
        </ScrollableTabsList>
        <TabsContent value="overview">
          <OverviewTab onOpenUsers={() => setTab('users')} />
        </TabsContent>
        <TabsContent value="users">
          <UsersTab />
        </TabsContent>
        <TabsContent value="institutions">
          <InstitutionsTab />
        </TabsContent>
        <TabsContent value="pricing">
          <PricingPlansTab />
        </TabsContent>
        <TabsContent value="analytics">
          <AnalyticsTab />
        </TabsContent>
        <TabsContent value="engagement">
          <EngagementTab />
        </TabsContent>
      </Tabs>
    </div>
  );
}
