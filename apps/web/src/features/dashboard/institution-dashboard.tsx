import { assessmentRoutes, catalogRoutes } from '@lp/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useRouteQuery } from '../../api/route-hooks';
import { upcomingAreaAt } from '../../routes/route-table';
import { Card, CardContent, CardTitle, cn, focusRing } from '../../ui';
import { dollars, percent } from '../catalog/shared/format';
import { LatestCourses, LatestQuizzes } from './authored-lists';
import { SoonBadge } from '../shell/soon-badge';
import { DashboardFrame, Figure, FigureGrid, Shortcuts } from './dashboard-parts';
import { AuthoredQuizFigures, WalletFigure } from './shared-figures';

const ONBOARD_PATH = '/institution/onboard';

/**
 * The institution itself (registration, members, subsidiaries) is not built yet; the spec's
 * dashboard links to onboarding, so this one does too, marked as the menu marks such pages.
 */
function InstitutionProfileCard() {
  const { t } = useTranslation();
  const upcoming = upcomingAreaAt(ONBOARD_PATH) !== null;
  return (
    <section aria-labelledby="dashboard-institution" className="mb-8" data-testid="dashboard-institution">
      <Card>
        <CardContent className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <div className="space-y-1">
            <CardTitle id="dashboard-institution">{t('roleDashboard.institution.heading')}</CardTitle>
            <p className="text-sm text-slate-600">
              {t(upcoming ? 'roleDashboard.institution.upcoming' : 'roleDashboard.institution.ready')}
            </p>
          </div>
          <Link
            to={ONBOARD_PATH}
            data-upcoming={upcoming ? 'true' : undefined}
            className={cn(
              'inline-flex shrink-0 items-center rounded-lg text-sm font-medium text-primary underline-offset-4 hover:underline',
              focusRing,
            )}
          >
            {t('areas.institutionOnboard')}
            {upcoming && <SoonBadge />}
          </Link>
        </CardContent>
      </Card>
    </section>
  );
}

/**
 * The institution's dashboard from what the platform records today: its courses and their
 * learners (catalog's totals over the caller's courses), its quizzes and its wallet.
 */
export function InstitutionDashboard() {
  const { t } = useTranslation();
  const overview = useRouteQuery(catalogRoutes.instructorOverview, {});
  const courses = useRouteQuery(catalogRoutes.instructorCourses, {});
  const quizzes = useRouteQuery(assessmentRoutes.myQuizzes, {});
  const o = overview.data;
  const courseList = courses.data ?? [];
  const quizList = quizzes.data ?? [];
  const published = courseList.filter((course) => course.is_published).length;

  return (
    <DashboardFrame role="institution">
      <Shortcuts
        items={[
          { to: '/instructor/create', label: t('roleDashboard.shortcuts.createCourse'), testId: 'shortcut-create-course' },
          { to: '/instructor/courses', label: t('roleDashboard.shortcuts.myCourses'), testId: 'shortcut-my-courses' },
          { to: '/mock-test-manager', label: t('roleDashboard.shortcuts.quizBuilder'), testId: 'shortcut-quiz-builder' },
          { to: '/wallet', label: t('roleDashboard.shortcuts.wallet'), testId: 'shortcut-wallet' },
          { to: '/subscriptions', label: t('roleDashboard.shortcuts.plans'), testId: 'shortcut-plans' },
        ]}
      />
      <FigureGrid>
        <Figure
          label={t('roleDashboard.figures.courses')}
          source={overview}
          value={o && o.total_courses > 0 ? String(o.total_courses) : null}
          hint={
            o && o.total_courses > 0 && courses.data
              ? t('roleDashboard.figures.coursesHint', { count: published })
              : t('roleDashboard.figures.noCourses')
          }
          testId="figure-courses"
        />
        <Figure
          label={t('roleDashboard.figures.students')}
          source={overview}
          value={o && o.total_students > 0 ? String(o.total_students) : null}
          hint={
            o && o.total_students > 0
              ? t('roleDashboard.figures.studentsHint', { count: o.active_students })
              : t('roleDashboard.figures.noStudents')
          }
          testId="figure-students"
        />
        <Figure
          label={t('roleDashboard.figures.recentEnrollments')}
          source={overview}
          value={o && o.recent_enrollments > 0 ? String(o.recent_enrollments) : null}
          hint={o && o.recent_enrollments > 0 ? '' : t('roleDashboard.figures.noRecentEnrollments')}
          testId="figure-recent-enrollments"
        />
        <Figure
          label={t('roleDashboard.figures.completion')}
          source={overview}
          value={o && o.total_students > 0 ? percent(o.completion_rate) : null}
          hint={o && o.total_students > 0 ? '' : t('roleDashboard.figures.noCompletion')}
          testId="figure-completion"
        />
        <Figure
          label={t('roleDashboard.figures.revenue')}
          source={overview}
          value={o && o.total_revenue > 0 ? dollars(o.total_revenue) : null}
          hint={o && o.total_revenue > 0 ? '' : t('roleDashboard.figures.noRevenue')}
          testId="figure-revenue"
        />
        <WalletFigure />
        <AuthoredQuizFigures />
      </FigureGrid>
      <InstitutionProfileCard />
      <div className="grid gap-6 lg:grid-cols-2">
        <LatestCourses courses={courseList} source={courses} />
        <LatestQuizzes quizzes={quizList} source={quizzes} />
      </div>
    </DashboardFrame>
  );
}
