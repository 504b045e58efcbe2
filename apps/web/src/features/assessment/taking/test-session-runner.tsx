import type { QuizResult, TestSession } from '@lp/contracts';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge, Button, Card, CardContent, cn, ConfirmDialog, focusRing, ProgressBar, useToast } from '../../../ui';
import { BackIcon, ForwardIcon } from '../../../ui/icons';
import { AnswerInput, isAnswered } from './answer-input';
import { nextFlagged } from './session-answers';
import { SessionTimer } from './session-timer';
import { useQuizSession } from './use-quiz-session';

interface RunnerProps {
  session: TestSession;
  /** Date.now() when the session answer arrived: the countdown's reference */
  receivedAt: number;
  onSubmitted: (result: QuizResult) => void;
}

/**
 * The questions screen of a timed session (spec 2, "Timed test session screen"): the server's
 * clock, the question grid with answered/flagged/current, flags, autosave 5 s after a change
 * and an automatic submit when the time is up.
 */
export function TestSessionRunner({ session, receivedAt, onSubmitted }: RunnerProps) {
  const { t } = useTranslation();
  const { toast } = useToast();
  const { test } = session;
  const questions = test.questions;
  const [sidebarOpen, setSidebarOpen] = useState(true);
  const [confirmOpen, setConfirmOpen] = useState(false);
  const [fullscreen, setFullscreen] = useState(() => Boolean(document.fullscreenElement));
  const { answers, answer, answeredCount, current, goTo, flagged, toggleFlag, clock, submit, submitting } = useQuizSession({
    quizId: test.id,
    questions,
    session,
    receivedAt,
    timeLimit: test.time_limit,
    submitTo: 'mock-test',
    submitFailed: t('taking.session.submitFailed'),
    onSubmitted,
  });
  const question = questions[current]!;
  const { tone } = clock;

  useEffect(() => {
    const onChange = () => setFullscreen(Boolean(document.fullscreenElement));
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, []);
  const toggleFullscreen = () => {
    const request = document.fullscreenElement ? document.exitFullscreen() : document.documentElement.requestFullscreen?.();
    void request?.catch(() => toast({ title: t('taking.session.fullscreenFailed'), tone: 'error' }));
  };

  const nextFlag = useMemo(() => nextFlagged(questions, flagged, current), [questions, flagged, current]);
  const isFlagged = flagged.has(question.id);

  return (
    <div data-testid="test-session" data-session-id={session.session_id}>
      <header className="sticky top-16 z-20 -mx-4 mb-4 border-b border-slate-200 bg-white/95 px-4 py-3 backdrop-blur sm:-mx-6 sm:px-6">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <div className="min-w-0">
            <h1 className="text-lg font-semibold break-words text-slate-900 sm:text-xl">{test.title}</h1>
            <p className="text-sm text-slate-600">
              <span data-testid="session-counter">{t('taking.session.counter', { current: current + 1, total: questions.length })}</span>
              {' · '}
              <span data-testid="session-answered">{t('taking.session.answered', { count: answeredCount, total: questions.length })}</span>
            </p>
          </div>
          <div className="flex items-center gap-2">
            <SessionTimer clock={clock} testId="session-timer" />
            <Button
              variant="outline"
              size="sm"
              onClick={() => setSidebarOpen((o) => !o)}
              aria-expanded={sidebarOpen}
              aria-controls="session-grid"
              data-testid="session-sidebar-toggle"
            >
              {sidebarOpen ? t('taking.session.hideQuestions') : t('taking.session.showQuestions')}
            </Button>
            <Button variant="outline" size="sm" onClick={toggleFullscreen} aria-pressed={fullscreen} data-testid="session-fullscreen">
              {fullscreen ? t('taking.session.exitFullscreen') : t('taking.session.fullscreen')}
            </Button>
          </div>
        </div>
        <ProgressBar
          className="mt-3"
          size="sm"
          value={questions.length ? (answeredCount / questions.length) * 100 : 0}
          label={t('taking.session.progress')}
          valueText={t('taking.session.answered', { count: answeredCount, total: questions.length })}
        />
        {tone !== 'normal' && (
          <p
            role="status"
            className={cn('mt-2 text-sm font-medium', tone === 'critical' ? 'text-red-700' : 'text-amber-800')}
            data-testid="session-time-warning"
          >
            {tone === 'critical' ? t('taking.session.criticalTime') : t('taking.session.warningTime')}
          </p>
        )}
      </header>

      <div className={cn('grid gap-6', sidebarOpen && 'lg:grid-cols-[minmax(0,1fr)_18rem]')}>
        <section aria-labelledby="session-question-text" className="min-w-0 space-y-4">
          <Card>
            <CardContent className="space-y-4" data-testid="session-question" data-question-id={question.id}>
              <div className="flex flex-wrap items-center justify-between gap-2">
                <div className="flex flex-wrap gap-2">
                  <Badge tone="neutral">{t('taking.session.questionLabel', { number: current + 1 })}</Badge>
                  {question.subject && <Badge tone="primary">{question.subject}</Badge>}
                  <Badge tone="neutral">{t('taking.points', { count: question.points })}</Badge>
                </div>
                <Button
                  variant={isFlagged ? 'secondary' : 'outline'}
                  size="sm"
                  onClick={() => toggleFlag(question.id)}
                  aria-pressed={isFlagged}
                  data-testid="session-flag"
                >
                  {isFlagged ? t('taking.session.unflag') : t('taking.session.flag')}
                </Button>
              </div>
              <h2 id="session-question-text" className="text-lg font-medium break-words whitespace-pre-line text-slate-900">
                {question.question_text}
              </h2>
              <AnswerInput question={question} value={answers[question.id]} onChange={(value) => answer(question.id, value)} />
            </CardContent>
          </Card>
          <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
            <div className="flex gap-2">
              <Button variant="outline" onClick={() => goTo(current - 1)} disabled={current === 0} data-testid="session-previous">
                <BackIcon />
                {t('taking.previous')}
              </Button>
              <Button
                variant="outline"
                onClick={() => goTo(current + 1)}
                disabled={current === questions.length - 1}
                data-testid="session-next"
              >
                {t('taking.next')}
                <ForwardIcon />
              </Button>
            </div>
            <div className="flex gap-2">
              <Button
                variant="ghost"
                onClick={() => nextFlag !== null && goTo(nextFlag)}
                disabled={nextFlag === null || nextFlag === current}
                data-testid="session-next-flagged"
              >
                {t('taking.session.nextFlagged')}
              </Button>
              <Button onClick={() => setConfirmOpen(true)} disabled={submitting} data-testid="session-finish">
                {t('taking.session.finish')}
              </Button>
            </div>
          </div>
        </section>

        {sidebarOpen && (
          <aside id="session-grid" aria-labelledby="session-grid-heading" className="lg:sticky lg:top-52 lg:self-start">
            <Card>
              <CardContent className="space-y-3 p-4">
                <h2 id="session-grid-heading" className="text-sm font-semibold tracking-wide text-slate-700 uppercase">
                  {t('taking.session.gridHeading')}
                </h2>
                <ol className="grid grid-cols-5 gap-2" data-testid="session-grid">
                  {questions.map((q, index) => {
                    const done = isAnswered(answers[q.id]);
                    const flag = flagged.has(q.id);
                    const here = index === current;
                    const status = [
                      done ? t('taking.session.gridAnswered') : t('taking.session.gridUnanswered'),
                      flag ? t('taking.session.gridFlagged') : null,
                    ]
                      .filter(Boolean)
                      .join(', ');
                    return (
                      <li key={q.id}>
                        <button
                          type="button"
                          onClick={() => goTo(index)}
                          aria-current={here ? 'step' : undefined}
                          aria-label={t('taking.session.gridItem', { number: index + 1, status })}
                          data-testid="session-grid-item"
                          data-answered={done ? 'true' : 'false'}
                          data-flagged={flag ? 'true' : 'false'}
                          data-current={here ? 'true' : 'false'}
                          className={cn(
                            'relative flex h-10 w-full cursor-pointer items-center justify-center rounded-lg border text-sm font-semibold',
                            done ? 'border-emerald-600 bg-emerald-50 text-emerald-800' : 'border-slate-300 bg-white text-slate-700',
                            here && 'ring-2 ring-primary ring-offset-1',
                            focusRing,
                          )}
                        >
                          {index + 1}
                          {flag && <span aria-hidden="true" className="absolute -top-1 -right-1 size-3 rounded-full bg-amber-500" />}
                        </button>
                      </li>
                    );
                  })}
                </ol>
                <ul className="space-y-1 text-xs text-slate-600">
                  <li className="flex items-center gap-2">
                    <span aria-hidden="true" className="size-3 rounded border border-emerald-600 bg-emerald-50" />
                    {t('taking.session.gridAnswered')}
                  </li>
                  <li className="flex items-center gap-2">
                    <span aria-hidden="true" className="size-3 rounded-full bg-amber-500" />
                    {t('taking.session.gridFlagged')}
                  </li>
                  <li className="flex items-center gap-2">
                    <span aria-hidden="true" className="size-3 rounded ring-2 ring-primary" />
                    {t('taking.session.gridCurrent')}
                  </li>
                </ul>
              </CardContent>
            </Card>
          </aside>
        )}
      </div>

      <ConfirmDialog
        open={confirmOpen}
        onOpenChange={(open) => !submitting && setConfirmOpen(open)}
        title={t('taking.session.confirmTitle')}
        description={
          answeredCount < questions.length
            ? t('taking.session.confirmUnanswered', {
                answered: answeredCount,
                total: questions.length,
                count: questions.length - answeredCount,
              })
            : t('taking.session.confirmAll', { total: questions.length })
        }
        confirmLabel={t('taking.session.confirmSubmit')}
        onConfirm={() => void submit()}
        pending={submitting}
        testId="session-confirm"
      />
    </div>
  );
}
