import { assessmentRoutes, catalogRoutes, RECENT_ATTEMPTS_LIMIT, type RouteOutput } from '@lp/contracts';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { useRouteQuery } from '../../../api/route-hooks';
import { usePageTitle } from '../../../lib/use-page-title';
import {
  Alert,
  Button,
  Card,
  CardContent,
  CardHeader,
  CardTitle,
  EmptyState,
  PageHeader,
  ProgressBar,
  ScrollableTabsList,
  ScrollableTabsTrigger,
  Tabs,
  TabsContent,
} from '../../../ui';
import { useSignedInUser } from '../../auth';
import { LoadError, LoadingBlock } from '../../../ui/query-state';
import { StatCard } from '../../../ui/stat-card';
import { AttemptList } from './attempt-list';
import { CourseProgressDetail } from './course-progress-detail';
import { AchievementList, EMPTY_ANALYTICS, QuizAnalyticsView, ScoreHistoryCard } from './quiz-analytics-view';
import { CONTINUE_LEARNING_SHOWN } from './quiz-standing';
import { formatPercent, NO_DATA } from '../../../lib/figures';
import { BarsChart } from '../../../ui/charts';

const TABS = ['overview', 'courses', 'quizzes', 'achievements'] as const;
type Tab = (typeof TABS)[number];
const isTab = (v: string | null): v is Tab => v !== null && (TABS as readonly string[]).includes(v);

type EnrolledCourse = RouteOutput<typeof catalogRoutes.learnerEnrolledCourses>[number];

function CourseRow({ course, onOpen }: { course: EnrolledCourse; onOpen: () => void }) {
  const { t } = useTranslation();
  return (
    <li className="space-y-2 rounded-xl border border-slate-200 bg-white p-4" data-testid="progress-course" data-course-id={course.id}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="font-medium break-words text-slate-900">{course.title}</p>
          <p className="text-xs text-slate-600">{t('taking.progress.byInstructor', { name: course.instructor_name })}</p>
        </div>
        <span className="text-sm font-semibold text-slate-900 tabular-nums">{formatPercent(course.progress_percentage)}</span>
      </div>
      <ProgressBar
        value={course.progress_percentage}
        label={t('taking.progress.courseProgress', { title: course.title })}
        valueText={formatPercent(course.progress_percentage)}
        tone={course.progress_percentage >= 100 ? 'success' : 'primary'}
        size="sm"
      />
      <div className="flex flex-wrap gap-2">
        <Button asChild size="sm">
          <Link to={`/course/${course.id}/learn`}>
            {course.progress_percentage >= 100 ? t('taking.progress.review') : t('taking.progress.continue')}
          </Link>
        </Button>
        <Button size="sm" variant="outline" onClick={onOpen} data-testid="progress-course-details">
          {t('taking.progress.details')}
        </Button>
      </div>
    </li>
  );
}

/** Spec 2 learning progress dashboard (the learner's /learner/dashboard). */
export function LearningProgressPage() {
  const { t } = useTranslation();
  const user = useSignedInUser();
  usePageTitle(t('taking.progress.title'));
  const [params, setParams] = useSearchParams();
  const tab: Tab = isTab(params.get('tab')) ? (params.get('tab') as Tab) : 'overview';
  const selectedCourse = params.get('course');
  const courses = useRouteQuery(catalogRoutes.learnerEnrolledCourses, {});
  const attempts = useRouteQuery(assessmentRoutes.learnerAttempts, {});
  const analyticsQuery = useRouteQuery(assessmentRoutes.learnerAnalytics, {});

  const update = (change: (next: URLSearchParams) => void) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        change(next);
        return next;
      },
      { replace: false },
    );
  const setTab = (value: string) =>
    update((next) => {
      next.delete('course');
      if (value === 'overview') next.delete('tab');
      else next.set('tab', value);
    });
  const openCourse = (id: string) => update((next) => next.set('course', id));

  if (courses.isPending || attempts.isPending || analyticsQuery.isPending) return <LoadingBlock />;
  // when loading fails no figure is made up: each reads "—" and the failure is said, with a retry
  const failed = courses.isError || attempts.isError || analyticsQuery.isError;
  const enrolled = failed ? [] : courses.data;
  const attemptList = failed ? [] : attempts.data;
  const analytics = failed ? EMPTY_ANALYTICS : analyticsQuery.data;
  const completed = enrolled.filter((c) => c.progress_percentage >= 100).length;
  const averageProgress = enrolled.length ? enrolled.reduce((s, c) => s + c.progress_percentage, 0) / enrolled.length : 0;
  const inProgress = enrolled
    .filter((c) => c.progress_percentage < 100)
    .sort((a, b) => Date.parse(b.last_activity_at) - Date.parse(a.last_activity_at))
    .slice(0, CONTINUE_LEARNING_SHOWN);
  const retry = () => {
    void courses.refetch();
    void attempts.refetch();
    void analyticsQuery.refetch();
  };

  const noCourses = (
    <EmptyState
      title={t('taking.progress.noCoursesTitle')}
      description={t('taking.progress.noCoursesText')}
      action={
        <div className="flex flex-wrap justify-center gap-2">
          <Button asChild>
            <Link to="/courses">{t('taking.centre.browseCourses')}</Link>
          </Button>
          <Button asChild variant="outline">
            <Link to="/marketplace">{t('taking.centre.marketplace')}</Link>
          </Button>
        </div>
      }
    />
  );

  return (
    // the learner's dashboard: the shell's welcome heading, then the learning progress
    <div data-testid="learner-dashboard" data-role="learner">
      <div data-testid="learning-progress">
        <PageHeader
          title={t('dashboard.welcome', { name: user.name })}
          subtitle={t('taking.progress.subtitle')}
          actions={
            <Button asChild variant="outline">
              <Link to="/mock-tests">{t('taking.progress.quizCentre')}</Link>
            </Button>
          }
        />
        {failed && (
          <div className="mb-4">
            <LoadError
              error={courses.error ?? attempts.error ?? analyticsQuery.error}
              title={t('taking.progress.loadFailed')}
              onRetry={retry}
            />
          </div>
        )}
        {selectedCourse ? (
          <CourseProgressDetail courseId={selectedCourse} onBack={() => update((next) => next.delete('course'))} />
        ) : (
          <Tabs value={tab} onValueChange={setTab}>
            <ScrollableTabsList aria-label={t('taking.progress.tabsLabel')}>
              {TABS.map((value) => (
                <ScrollableTabsTrigger key={value} value={value} data-testid={`progress-tab-${value}`}>
                  {t(`taking.progress.tabs.${value}`)}
                </ScrollableTabsTrigger>
              ))}
            </ScrollableTabsList>

            <TabsContent value="overview" className="space-y-6">
              <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
                <StatCard label={t('taking.progress.enrolled')} value={failed ? NO_DATA : enrolled.length} testId="progress-enrolled" />
                <StatCard label={t('taking.progress.completed')} value={failed ? NO_DATA : completed} testId="progress-completed" />
                <StatCard
                  label={t('taking.progress.averageProgress')}
                  value={enrolled.length ? formatPercent(averageProgress) : NO_DATA}
                  hint={enrolled.length || failed ? undefined : t('figures.learner.noProgress')}
                  testId="progress-average"
                />
                <StatCard
                  label={t('taking.analytics.passRate')}
                  value={analytics.total_attempts ? formatPercent(analytics.pass_rate) : NO_DATA}
                  hint={
                    analytics.total_attempts
                      ? t('figures.learner.attemptsHint', {
                          count: analytics.total_attempts,
                          average: formatPercent(analytics.average_score),
                        })
                      : failed
                        ? undefined
                        : t('figures.learner.noPassRate')
                  }
                  testId="progress-pass-rate"
                />
              </div>
              {analytics.total_attempts > 0 && <ScoreHistoryCard analytics={analytics} />}
              <Card>
                <CardHeader>
                  <CardTitle>{t('taking.progress.continueHeading')}</CardTitle>
                </CardHeader>
                <CardContent>
                  {enrolled.length === 0 ? (
                    noCourses
                  ) : inProgress.length === 0 ? (
                    <p className="text-sm text-slate-600">{t('taking.progress.allDone')}</p>
                  ) : (
                    <ul className="space-y-3" data-testid="continue-learning">
                      {inProgress.map((course) => (
                        <CourseRow key={course.id} course={course} onOpen={() => openCourse(course.id)} />
                      ))}
                    </ul>
                  )}
                </CardContent>
              </Card>
              {attemptList.length > 0 && (
                <Card>
                  <CardHeader>
                    <CardTitle>{t('taking.progress.recentAttempts')}</CardTitle>
                  </CardHeader>
                  <CardContent>
                    <AttemptList attempts={attemptList.slice(0, CONTINUE_LEARNING_SHOWN)} />
                  </CardContent>
                </Card>
              )}
            </TabsContent>

            <TabsContent value="courses">
              {enrolled.length === 0 ? (
                noCourses
              ) : (
                <div className="space-y-4">
                  {enrolled.length > 1 && (
                    <Card>
                      <CardHeader>
                        <CardTitle>{t('figures.learner.progressByCourse')}</CardTitle>
                      </CardHeader>
                      <CardContent>
                        <BarsChart
                          data={enrolled.map((c) => ({ key: c.id, label: c.title, progress: c.progress_percentage }))}
                          series={[{ key: 'progress', label: t('figures.learner.progress') }]}
                          caption={t('figures.learner.progressByCourse')}
                          hideCaption
                          rowHeader={t('figures.learner.course')}
                          horizontal
                          max={100}
                          format={(v) => formatPercent(v)}
                          testId="progress-by-course-chart"
                        />
                      </CardContent>
                    </Card>
                  )}
                  <ul className="space-y-3" data-testid="progress-course-list">
                    {enrolled.map((course) => (
                      <CourseRow key={course.id} course={course} onOpen={() => openCourse(course.id)} />
                    ))}
                  </ul>
                </div>
              )}
            </TabsContent>

            <TabsContent value="quizzes" className="space-y-6">
              <QuizAnalyticsView analytics={analytics} showAchievements={false} />
              <Card>
                <CardHeader>
                  <CardTitle>{t('taking.progress.recentAttempts')}</CardTitle>
                </CardHeader>
                <CardContent>
                  {attemptList.length === 0 ? (
                    <p className="text-sm text-slate-600">{t('taking.centre.noAttemptsText')}</p>
                  ) : (
                    <AttemptList attempts={attemptList.slice(0, RECENT_ATTEMPTS_LIMIT)} />
                  )}
                </CardContent>
              </Card>
            </TabsContent>

            <TabsContent value="achievements" className="space-y-4">
              {completed > 0 && (
                <Alert tone="success" data-testid="progress-courses-completed">
                  {t('taking.progress.coursesCompleted', { count: completed })}
                </Alert>
              )}
              <AchievementList codes={analytics.achievements} />
            </TabsContent>
          </Tabs>
        )}
      </div>
    </div>
  );
}
