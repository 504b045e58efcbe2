import { assessmentRoutes, DIFFICULTIES, QUIZ_SUBJECT_FILTERS, RECENT_ATTEMPTS_LIMIT, type Difficulty } from '@lp/contracts';
import { keepPreviousData } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { useRouteQuery } from '../../../api/route-hooks';
import { usePageTitle } from '../../../lib/use-page-title';
import {
  Button,
  EmptyState,
  FormField,
  Input,
  PageHeader,
  ScrollableTabsList,
  ScrollableTabsTrigger,
  Select,
  Tabs,
  TabsContent,
} from '../../../ui';
import { LoadError, LoadingBlock } from '../../../ui/query-state';
import { useDebounced } from '../../../lib/use-debounced';
import { AttemptList } from './attempt-list';
import { QuizAnalyticsView } from './quiz-analytics-view';
import { QuizCardView } from './quiz-card';

const TABS = ['discover', 'attempts', 'analytics'] as const;
type Tab = (typeof TABS)[number];
const isTab = (v: string | null): v is Tab => v !== null && (TABS as readonly string[]).includes(v);
const isSubject = (v: string): boolean => (QUIZ_SUBJECT_FILTERS as readonly string[]).includes(v);
const isDifficulty = (v: string): v is Difficulty => (DIFFICULTIES as readonly string[]).includes(v);

/** Where a learner with nothing here yet can go: courses carry quizzes. */
function FindCourses() {
  const { t } = useTranslation();
  return (
    <div className="flex flex-wrap justify-center gap-2">
      <Button asChild>
        <Link to="/courses">{t('taking.centre.browseCourses')}</Link>
      </Button>
      <Button asChild variant="outline">
        <Link to="/marketplace">{t('taking.centre.marketplace')}</Link>
      </Button>
    </div>
  );
}

function Discover() {
  const { t } = useTranslation();
  const [subject, setSubject] = useState('all');
  const [difficulty, setDifficulty] = useState('all');
  const [search, setSearch] = useState('');
  const settled = useDebounced(search.trim());
  const list = useRouteQuery(
    assessmentRoutes.listMockTests,
    {
      query: {
        subject: isSubject(subject) ? subject : undefined,
        difficulty: isDifficulty(difficulty) ? difficulty : undefined,
        search: settled || undefined,
        limit: 50,
        offset: 0,
      },
    },
    { placeholderData: keepPreviousData },
  );
  // spec 4: the discovery list keeps only published assessments (the server already filters for learners)
  const quizzes = (list.data ?? []).filter((q) => q.is_published);
  const filtered = subject !== 'all' || difficulty !== 'all' || settled !== '';

  let body: ReactNode;
  if (list.isPending) body = <LoadingBlock />;
  else if (list.isError) body = <LoadError error={list.error} title={t('taking.centre.loadFailed')} onRetry={() => void list.refetch()} />;
  else if (quizzes.length === 0)
    body = filtered ? (
      <EmptyState title={t('taking.centre.noMatchTitle')} description={t('taking.centre.noMatchText')} />
    ) : (
      <EmptyState title={t('taking.centre.noQuizzesTitle')} description={t('taking.centre.noQuizzesText')} action={<FindCourses />} />
    );
  else
    body = (
      <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" data-testid="discover-list">
        {quizzes.map((quiz) => (
          <li key={quiz.id}>
            <QuizCardView quiz={quiz} />
          </li>
        ))}
      </ul>
    );

  return (
    <div className="space-y-4">
      <div className="grid gap-3 sm:grid-cols-3" role="search">
        <FormField label={t('taking.centre.search')}>
          {(p) => <Input {...p} type="search" value={search} onChange={(e) => setSearch(e.target.value)} data-testid="discover-search" />}
        </FormField>
        <FormField label={t('taking.centre.subject')}>
          {(p) => (
            <Select {...p} value={subject} onChange={(e) => setSubject(e.target.value)} data-testid="discover-subject">
              <option value="all">{t('taking.centre.allSubjects')}</option>
              {QUIZ_SUBJECT_FILTERS.map((s) => (
                <option key={s} value={s}>
                  {t(`taking.subjects.${s}`)}
                </option>
              ))}
            </Select>
          )}
        </FormField>
        <FormField label={t('taking.centre.difficulty')}>
          {(p) => (
            <Select {...p} value={difficulty} onChange={(e) => setDifficulty(e.target.value)} data-testid="discover-difficulty">
              <option value="all">{t('taking.centre.allDifficulties')}</option>
              {DIFFICULTIES.map((d) => (
                <option key={d} value={d}>
                  {t(`taking.difficulty.${d}`)}
                </option>
              ))}
            </Select>
          )}
        </FormField>
      </div>
      {body}
    </div>
  );
}

function MyAttempts() {
  const { t } = useTranslation();
  const attempts = useRouteQuery(assessmentRoutes.learnerAttempts, {});
  if (attempts.isPending) return <LoadingBlock />;
  if (attempts.isError)
    return <LoadError error={attempts.error} title={t('taking.centre.attemptsFailed')} onRetry={() => void attempts.refetch()} />;
  if (attempts.data.length === 0) {
    return (
      <EmptyState title={t('taking.centre.noAttemptsTitle')} description={t('taking.centre.noAttemptsText')} action={<FindCourses />} />
    );
  }
  return (
    <div className="space-y-2">
      <p className="text-sm text-slate-600">
        {t('taking.centre.recent', { count: Math.min(RECENT_ATTEMPTS_LIMIT, attempts.data.length) })}
      </p>
      <AttemptList attempts={attempts.data.slice(0, RECENT_ATTEMPTS_LIMIT)} />
    </div>
  );
}

function Analytics() {
  const { t } = useTranslation();
  const analytics = useRouteQuery(assessmentRoutes.learnerAnalytics, {});
  if (analytics.isPending) return <LoadingBlock />;
  if (analytics.isError)
    return <LoadError error={analytics.error} title={t('taking.centre.analyticsFailed')} onRetry={() => void analytics.refetch()} />;
  if (analytics.data.total_attempts === 0) {
    return (
      <EmptyState title={t('taking.centre.noAnalyticsTitle')} description={t('taking.centre.noAnalyticsText')} action={<FindCourses />} />
    );
  }
  return <QuizAnalyticsView analytics={analytics.data} />;
}

/** Spec 2 learner quiz centre /mock-tests: Discover, My Attempts, Progress Analytics. */
export function QuizCentrePage() {
  const { t } = useTranslation();
  usePageTitle(t('taking.centre.title'));
  const [params, setParams] = useSearchParams();
  const tab: Tab = isTab(params.get('tab')) ? (params.get('tab') as Tab) : 'discover';
  const setTab = (value: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === 'discover') next.delete('tab');
        else next.set('tab', value);
        return next;
      },
      { replace: true },
    );
  return (
    <div data-testid="quiz-centre">
      <PageHeader title={t('taking.centre.title')} subtitle={t('taking.centre.subtitle')} />
      <Tabs value={tab} onValueChange={setTab}>
        <ScrollableTabsList aria-label={t('taking.centre.tabsLabel')}>
          {TABS.map((value) => (
            <ScrollableTabsTrigger key={value} value={value} data-testid={`centre-tab-${value}`}>
              {t(`taking.centre.tabs.${value}`)}
            </ScrollableTabsTrigger>
          ))}
        </ScrollableTabsList>
        <TabsContent value="discover">
          <Discover />
        </TabsContent>
        <TabsContent value="attempts">
          <MyAttempts />
        </TabsContent>
        <TabsContent value="analytics">
          <Analytics />
        </TabsContent>
      </Tabs>
    </div>
  );
}
