import { assessmentRoutes, type QuizResult, type TestSession } from '@lp/contracts';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'react-router-dom';
import { serverDetail } from '../../../api/error-text';
import { useRouteMutation } from '../../../api/route-hooks';
import { usePageTitle } from '../../../lib/use-page-title';
import { Alert, Button, Card, CardContent, EmptyState, PageHeader } from '../../../ui';
import { LoadingBlock } from '../../../ui/query-state';
import { QuestionReview, ResultSummary, SubjectPerformance } from './result-view';
import { forgetStarted, rememberStarted, wasStarted } from './session-marker';
import { TestSessionRunner } from './test-session-runner';

/** What the quiz centre hands over (router state) so the instructions can name the test before it starts. */
export interface SessionPreview {
  title: string;
  instructions: string;
  time_limit: number;
  question_count: number;
  passing_score: number;
}

function readPreview(state: unknown): SessionPreview | null {
  if (!state || typeof state !== 'object' || !('preview' in state)) return null;
  return (state as { preview: SessionPreview }).preview;
}

function Instructions({ preview, onStart, pending }: { preview: SessionPreview | null; onStart: () => void; pending: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="mx-auto max-w-2xl" data-testid="session-instructions">
      <PageHeader title={preview?.title ?? t('taking.session.instructionsTitle')} subtitle={t('taking.session.instructionsSubtitle')} />
      <Card>
        <CardContent className="space-y-4">
          {preview && (
            <dl className="grid grid-cols-3 gap-3 text-center">
              <div className="rounded-xl bg-slate-50 p-3">
                <dt className="text-xs text-slate-600">{t('taking.questionsLabel')}</dt>
                <dd className="text-lg font-semibold text-slate-900">{preview.question_count}</dd>
              </div>
              <div className="rounded-xl bg-slate-50 p-3">
                <dt className="text-xs text-slate-600">{t('taking.timeLimit')}</dt>
                <dd className="text-lg font-semibold text-slate-900">
                  {preview.time_limit > 0 ? t('taking.minutesValue', { count: preview.time_limit }) : t('taking.noTimeLimit')}
                </dd>
              </div>
              <div className="rounded-xl bg-slate-50 p-3">
                <dt className="text-xs text-slate-600">{t('taking.passingScore')}</dt>
                <dd className="text-lg font-semibold text-slate-900">{preview.passing_score}%</dd>
              </div>
            </dl>
          )}
          {preview?.instructions && <p className="break-words whitespace-pre-line text-slate-700">{preview.instructions}</p>}
          <ul className="list-disc space-y-1 pl-5 text-sm text-slate-700">
            <li>{t('taking.session.rule1')}</li>
            <li>{t('taking.session.rule2')}</li>
            <li>{t('taking.session.rule3')}</li>
            <li>{t('taking.session.rule4')}</li>
          </ul>
          <Button size="lg" className="w-full sm:w-auto" onClick={onStart} loading={pending} data-testid="session-start">
            {t('taking.session.start')}
          </Button>
        </CardContent>
      </Card>
    </div>
  );
}

function Results({ result }: { result: QuizResult }) {
  const { t } = useTranslation();
  return (
    <div className="space-y-6" data-testid="session-results">
      <PageHeader title={result.quiz_title} subtitle={t('taking.session.resultsSubtitle')} />
      <ResultSummary result={result} />
      <SubjectPerformance result={result} />
      <QuestionReview result={result} />
      <Button asChild>
        <Link to="/mock-tests" data-testid="session-back">
          {t('taking.session.backToTests')}
        </Link>
      </Button>
    </div>
  );
}

/** Spec 2 /mock-test/{id}: instructions, then the timed questions on the server's clock, then the results. */
export function TestSessionPage() {
  const { t } = useTranslation();
  const { id } = useParams<{ id: string }>();
  const location = useLocation();
  const preview = readPreview(location.state);
  const [running, setRunning] = useState<{ session: TestSession; receivedAt: number } | null>(null);
  const [result, setResult] = useState<QuizResult | null>(null);
  usePageTitle(result?.quiz_title ?? running?.session.test.title ?? preview?.title ?? t('taking.session.pageTitle'));

  // GET /mock-tests/{id}/start opens (or resumes) the session: asked on Start, or at once when this tab had started it
  const start = useRouteMutation(assessmentRoutes.startMockTest, {
    onSuccess: (session) => {
      rememberStarted(id!, session.session_id);
      setRunning({ session, receivedAt: Date.now() });
    },
    // a session that cannot be resumed (submitted elsewhere, test gone): back to the instructions
    onError: () => forgetStarted(id!),
  });

  // A reload during the test resumes the open session at once (answers, flags and clock come from the server).
  const resumed = useRef(false);
  useEffect(() => {
    if (!id || resumed.current || !wasStarted(id)) return;
    resumed.current = true;
    start.mutate({ params: { id } });
  }, [id, start]);

  if (result) return <Results result={result} />;

  if (running) {
    if (running.session.test.questions.length === 0) {
      return (
        <EmptyState
          headingLevel="h1"
          title={t('taking.noQuestions')}
          action={
            <Button asChild variant="outline">
              <Link to="/mock-tests">{t('taking.session.backToTests')}</Link>
            </Button>
          }
        />
      );
    }
    return (
      <TestSessionRunner
        key={running.session.session_id}
        session={running.session}
        receivedAt={running.receivedAt}
        onSubmitted={(r) => {
          forgetStarted(id!);
          setResult(r);
          window.scrollTo({ top: 0 });
        }}
      />
    );
  }

  if (start.isPending && wasStarted(id ?? '')) return <LoadingBlock label={t('taking.session.resuming')} />;

  return (
    <div className="space-y-4">
      {start.isError && (
        <Alert tone="error" className="mx-auto max-w-2xl" data-testid="session-start-error">
          <strong className="font-semibold">{t('taking.session.startFailed')}</strong> {serverDetail(start.error)}
        </Alert>
      )}
      <Instructions preview={preview} onStart={() => start.mutate({ params: { id: id! } })} pending={start.isPending} />
    </div>
  );
}
