import { assessmentRoutes, type QuizResult, type QuizTaker } from '@lp/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { isApiError } from '../../../api/api-error';
import { useRouteQuery } from '../../../api/route-hooks';
import { usePageTitle } from '../../../lib/use-page-title';
import { Alert, Badge, Button, Card, CardContent, cn, EmptyState, focusRing, PageHeader } from '../../../ui';
import { BackIcon, ForwardIcon } from '../../../ui/icons';
import { NotFoundCard } from '../../errors';
import { LoadError, LoadingBlock } from '../../../ui/query-state';
import { AnswerInput, isAnswered } from './answer-input';
import { QuestionReview, ResultSummary, SubjectPerformance } from './result-view';
import { SessionTimer } from './session-timer';
import { useQuizSession } from './use-quiz-session';

/** 'Invalid quiz data received' when the answer is not a quiz with a question list (spec 5). */
function isQuizData(data: unknown): data is QuizTaker {
  return Boolean(data) && typeof data === 'object' && Array.isArray((data as QuizTaker).questions);
}

interface QuizRunnerProps {
  quiz: QuizTaker;
  sessionId: string;
  receivedAt: number;
  onResult: (r: QuizResult) => void;
}

function QuizRunner({ quiz, sessionId, receivedAt, onResult }: QuizRunnerProps) {
  const { t } = useTranslation();
  const questions = quiz.questions;
  // a reload resumes the session where it was saved: its answers and its current question
  const {
    answers,
    answer,
    answeredCount: answered,
    current,
    goTo,
    clock,
    submit,
    submitting,
  } = useQuizSession({
    quizId: quiz.id,
    questions,
    session: { ...quiz, session_id: sessionId },
    receivedAt,
    timeLimit: quiz.time_limit,
    submitTo: 'quiz',
    submitFailed: t('taking.quiz.submitFailed'),
    onSubmitted: onResult,
  });
  const [reviewing, setReviewing] = useState(false);
  const [reviewError, setReviewError] = useState<string | null>(null);

  const toQuestion = (index: number) => {
    setReviewing(false);
    goTo(index);
  };

  const toReview = () => {
    const missing = questions.findIndex((q) => !isAnswered(answers[q.id]));
    if (missing >= 0) {
      setReviewError(t('taking.quiz.answerAll', { count: questions.length - answered }));
      toQuestion(missing);
      return;
    }
    setReviewError(null);
    setReviewing(true);
  };

  const header = (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <p className="text-sm text-slate-600" data-testid="quiz-answered">
        {t('taking.session.answered', { count: answered, total: questions.length })}
      </p>
      <SessionTimer clock={clock} testId="quiz-timer" />
    </div>
  );

  if (reviewing) {
    return (
      <div className="space-y-4" data-testid="quiz-review-step">
        {header}
        <h2 className="text-xl font-semibold text-slate-900">{t('taking.quiz.reviewHeading')}</h2>
        <ol className="space-y-3">
          {questions.map((q, index) => (
            <li
              key={q.id}
              className="flex flex-col gap-2 rounded-xl border border-slate-200 bg-white p-4 sm:flex-row sm:items-center sm:justify-between"
              data-testid="quiz-review-item"
            >
              <div className="min-w-0">
                <p className="font-medium break-words text-slate-900">
                  {t('taking.result.questionNumber', { number: index + 1 })} {q.question_text}
                </p>
                <p className="text-sm break-words text-slate-700" data-testid="quiz-review-answer">
                  <span className="font-medium">{t('taking.result.yourAnswer')}</span> {answers[q.id]}
                </p>
              </div>
              <Button variant="outline" size="sm" onClick={() => toQuestion(index)} data-testid="quiz-change-answer">
                {t('taking.quiz.changeAnswer')}
              </Button>
            </li>
          ))}
        </ol>
        <div className="flex flex-col gap-2 sm:flex-row sm:justify-between">
          <Button variant="outline" onClick={() => toQuestion(questions.length - 1)}>
            <BackIcon />
            {t('taking.quiz.backToQuestions')}
          </Button>
          <Button onClick={() => void submit()} loading={submitting} data-testid="quiz-submit">
            {t('taking.quiz.submit')}
          </Button>
        </div>
      </div>
    );
  }

  const index = current;
  const question = questions[index]!;
  const last = index === questions.length - 1;
  return (
    <div className="space-y-4" data-testid="quiz-question-step">
      {header}
      <nav aria-label={t('taking.quiz.dotsLabel')}>
        <ol className="flex flex-wrap gap-2">
          {questions.map((q, i) => {
            const done = isAnswered(answers[q.id]);
            return (
              <li key={q.id}>
                <button
                  type="button"
                  onClick={() => toQuestion(i)}
                  aria-current={i === index ? 'step' : undefined}
                  aria-label={t('taking.session.gridItem', {
                    number: i + 1,
                    status: done ? t('taking.session.gridAnswered') : t('taking.session.gridUnanswered'),
                  })}
                  data-testid="quiz-dot"
                  data-answered={done ? 'true' : 'false'}
                  className={cn(
                    'flex size-9 cursor-pointer items-center justify-center rounded-full border text-sm font-semibold',
                    i === index
                      ? 'border-primary bg-primary text-white'
                      : done
                        ? 'border-emerald-600 bg-emerald-50 text-emerald-800'
                        : 'border-slate-300 bg-white text-slate-700',
                    focusRing,
                  )}
                >
                  {i + 1}
                </button>
              </li>
            );
          })}
        </ol>
      </nav>
      {reviewError && (
        <Alert tone="error" data-testid="quiz-answer-all">
          {reviewError}
        </Alert>
      )}
      <Card>
        <CardContent className="space-y-4" data-testid="quiz-question" data-question-id={question.id}>
          <div className="flex flex-wrap gap-2">
            <Badge tone="neutral">{t('taking.session.counter', { current: index + 1, total: questions.length })}</Badge>
            <Badge tone="neutral">{t('taking.points', { count: question.points })}</Badge>
          </div>
          <h2 className="text-lg font-medium break-words whitespace-pre-line text-slate-900">{question.question_text}</h2>
          <AnswerInput question={question} value={answers[question.id]} onChange={(value) => answer(question.id, value)} />
        </CardContent>
      </Card>
      <div className="flex flex-col gap-2 sm:flex-row sm:justify-between">
        <Button variant="outline" onClick={() => toQuestion(index - 1)} disabled={index === 0} data-testid="quiz-previous">
          <BackIcon />
          {t('taking.previous')}
        </Button>
        {last ? (
          <Button onClick={toReview} data-testid="quiz-to-review">
            {t('taking.quiz.reviewAnswers')}
          </Button>
        ) : (
          <Button variant="outline" onClick={() => toQuestion(index + 1)} data-testid="quiz-next">
            {t('taking.next')}
            <ForwardIcon />
          </Button>
        )}
      </div>
    </div>
  );
}

/** Spec 2 /quiz/{id}: one question at a time, a review step, submit, then the result with retake. */
export function TakeQuizPage() {
  const { t } = useTranslation();
  const { id } = useParams<{ id: string }>();
  // the taker view; reading it also opens (or resumes) the attempt's server session, so it is never
  // asked again by itself (a refetch after a submit would open a new session): Retake asks explicitly
  const quiz = useRouteQuery(
    assessmentRoutes.getQuiz,
    { params: { id } },
    { retry: false, staleTime: Infinity, refetchOnWindowFocus: false },
  );
  const [result, setResult] = useState<QuizResult | null>(null);
  const [round, setRound] = useState(0);
  usePageTitle(quiz.data?.title ?? t('taking.quiz.pageTitle'));

  if (quiz.isPending || quiz.isRefetching) return <LoadingBlock />;
  if (quiz.isError) {
    if (isApiError(quiz.error) && quiz.error.status === 404) return <NotFoundCard title={t('taking.quiz.notFound')} />;
    return <LoadError error={quiz.error} title={t('taking.quiz.loadFailed')} onRetry={() => void quiz.refetch()} />;
  }
  if (!isQuizData(quiz.data)) return <Alert tone="error">{t('taking.quiz.invalidData')}</Alert>;
  const data = quiz.data;
  const backToCourse = data.course_id ? (
    <Button asChild variant="outline">
      <Link to={`/course/${data.course_id}`} data-testid="quiz-back-to-course">
        {t('taking.quiz.backToCourse')}
      </Link>
    </Button>
  ) : (
    <Button asChild variant="outline">
      <Link to="/mock-tests">{t('taking.session.backToTests')}</Link>
    </Button>
  );

  if (result) {
    const canRetake = result.attempts_left === null || result.attempts_left > 0;
    return (
      <div className="space-y-6" data-testid="quiz-result">
        <PageHeader title={data.title} />
        <ResultSummary result={result} />
        <SubjectPerformance result={result} />
        <QuestionReview result={result} />
        <div className="flex flex-col gap-2 sm:flex-row">
          {canRetake && (
            <Button
              onClick={() => {
                // a new attempt: fresh answers and a fresh session (and so a fresh timer) from the server
                setResult(null);
                setRound((r) => r + 1);
                void quiz.refetch();
              }}
              data-testid="quiz-retake"
            >
              {t('taking.quiz.retake')}
            </Button>
          )}
          {backToCourse}
        </div>
      </div>
    );
  }

  if (data.questions.length === 0) {
    return <EmptyState headingLevel="h1" title={t('taking.noQuestions')} action={backToCourse} />;
  }
  if (!data.my.can_start || !data.session_id) {
    return (
      <EmptyState
        headingLevel="h1"
        title={data.title}
        description={t('taking.quiz.noAttemptsLeft')}
        action={
          <div className="flex flex-wrap justify-center gap-2">
            <Button asChild variant="outline">
              <Link to={`/quiz/${data.id}/info`}>{t('taking.info.viewDetails')}</Link>
            </Button>
            {backToCourse}
          </div>
        }
      />
    );
  }

  return (
    <div className="mx-auto max-w-3xl" data-testid="take-quiz" data-quiz-id={data.id}>
      <PageHeader title={data.title} subtitle={data.description || undefined} />
      <QuizRunner
        key={`${data.session_id}-${round}`}
        quiz={data}
        sessionId={data.session_id}
        receivedAt={quiz.dataUpdatedAt}
        onResult={(r) => {
          setResult(r);
          window.scrollTo({ top: 0 });
        }}
      />
    </div>
  );
}
