import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { usePageTitle } from '../../../lib/use-page-title';
import { Badge, PageHeader, ScrollableTabsList, ScrollableTabsTrigger, Tabs, TabsContent } from '../../../ui';
import { useSignedInUser } from '../../auth';
import { AnalyticsTab } from './analytics-tab';
import { ContentLibraryTab } from './content-library-tab';
import { MessagesTab } from './messages-tab';
import { MyCoursesTab } from './my-courses-tab';
import { OverviewTab } from './overview-tab';
import { StudentsTab } from './students-tab';

export const INSTRUCTOR_TABS = ['overview', 'courses', 'analytics', 'students', 'messages', 'library'] as const;
export type InstructorTab = (typeof INSTRUCTOR_TABS)[number];

function isTab(value: string | null): value is InstructorTab {
  return value !== null && (INSTRUCTOR_TABS as readonly string[]).includes(value);
}

/** Spec 2.12 /instructor/dashboard: six tabs; the open tab (and course) live in the URL, so links can open one. */
export function InstructorDashboardPage() {
  const { t } = useTranslation();
  const user = useSignedInUser();
  const [params, setParams] = useSearchParams();
  const tab: InstructorTab = isTab(params.get('tab')) ? (params.get('tab') as InstructorTab) : 'overview';
  const courseId = params.get('course');
  usePageTitle(t('nav.dashboard'));
  const name = user.name || t('account.personal.unknownUser');
  const roleName = t('roles.instructor');

  const update = useCallback(
    (patch: Record<string, string | null>) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [key, value] of Object.entries(patch)) {
            if (value === null) next.delete(key);
            else next.set(key, value);
          }
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  const setTab = (value: string) => update({ tab: value === 'overview' ? null : value });
  const setCourse = useCallback((id: string) => update({ course: id }), [update]);

  return (
    <div data-testid="instructor-dashboard" data-role="instructor">
      <PageHeader
        title={t('dashboard.welcome', { name })}
        subtitle={t('dashboard.roleLine', { role: roleName })}
        actions={<Badge className="self-start sm:self-auto">{roleName}</Badge>}
      />
      <Tabs value={tab} onValueChange={setTab}>
        <ScrollableTabsList wrapperClassName="-mx-4 px-4 sm:mx-0 sm:px-0" aria-label={t('instructorDashboard.tabsLabel')}>
          {INSTRUCTOR_TABS.map((value) => (
            <ScrollableTabsTrigger key={value} value={value} data-testid={`instructor-tab-${value}`}>
              {t(`instructorDashboard.tabs.${value}`)}
            </ScrollableTabsTrigger>
          ))}
        </ScrollableTabsList>
        <TabsContent value="overview">
          <OverviewTab onOpenTab={setTab} />
        </TabsContent>
        <TabsContent value="courses">
          <MyCoursesTab />
        </TabsContent>
        <TabsContent value="analytics">
          <AnalyticsTab courseId={courseId} onCourseChange={setCourse} />
        </TabsContent>
        <TabsContent value="students">
          <StudentsTab courseId={courseId} onClearCourse={() => update({ course: null })} />
        </TabsContent>
        <TabsContent value="messages">
          <MessagesTab />
        </TabsContent>
        <TabsContent value="library">
          <ContentLibraryTab />
        </TabsContent>
      </Tabs>
    </div>
  );
}
