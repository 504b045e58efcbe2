import type { QuestionDetail, QuizResult } from '@lp/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, Badge, Card, CardContent, CardHeader, CardTitle } from '../../../ui';
import { BarList } from '../../../ui/bar-list';
import { percent } from '../../../lib/format';
import { StatCard } from '../../../ui/stat-card';
import { formatDurationMinutes } from '../../../lib/figures';
import { useSubjectLabel } from './subject-label';

/** Score, pass result, correct count and time of one attempt (spec 2, results screen). */
export function ResultSummary({ result }: { result: QuizResult }) {
  const { t } = useTranslation();
  return (
    <section
      aria-labelledby="result-heading"
      className="space-y-4"
      data-testid="result-summary"
      data-passed={result.passed ? 'true' : 'false'}
    >
      <div className="flex flex-wrap items-center gap-3">
        <h2 id="result-heading" className="text-xl font-semibold text-slate-900">
          {t('taking.result.heading')}
        </h2>
        <Badge tone={result.passed ? 'success' : 'danger'} data-testid="result-passed">
          {result.passed ? t('taking.result.passed') : t('taking.result.failed')}
        </Badge>
      </div>
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <StatCard
          label={t('taking.result.score')}
          value={percent(result.score)}
          hint={t('taking.result.passingScore', { score: percent(result.passing_score) })}
          testId="result-score"
        />
        <StatCard
          label={t('taking.result.correct')}
          value={t('taking.result.correctOf', { correct: result.correct_answers, total: result.total_questions })}
          testId="result-correct"
        />
        <StatCard label={t('taking.result.points')} value={`${result.earned_points} / ${result.total_points}`} testId="result-points" />
        <StatCard label={t('taking.result.time')} value={formatDurationMinutes(result.time_taken_minutes)} testId="result-time" />
      </div>
      {result.time_exceeded && (
        <Alert tone="error" data-testid="result-time-exceeded">
          {t('taking.result.timeExceeded')}
        </Alert>
      )}
      {result.needs_manual_grading && <Alert tone="info">{t('taking.result.manualGrading')}</Alert>}
      {result.attempts_left !== null && (
        <p className="text-sm text-slate-600">{t('taking.result.attemptsLeft', { count: result.attempts_left })}</p>
      )}
    </section>
  );
}

/** Per-subject bars: the percentage, with correct/total in the tooltip and the table. */
export function SubjectPerformance({ result }: { result: QuizResult }) {
  const { t } = useTranslation();
  const subjectLabel = useSubjectLabel();
  const subjects = Object.entries(result.subject_performance);
  if (subjects.length === 0) return null;
  return (
    <Card data-testid="subject-performance">
      <CardHeader>
        <CardTitle>{t('taking.result.subjectHeading')}</CardTitle>
      </CardHeader>
      <CardContent>
        <BarList
          caption={t('taking.result.subjectHeading')}
          valueLabel={t('taking.result.score')}
          rowHeader={t('taking.centre.subject')}
          items={subjects.map(([subject, s]) => ({
            key: subject,
            label: subjectLabel(subject),
            value: s.percentage,
            detail: t('taking.result.subjectValue', { percent: percent(s.percentage), correct: s.correct, total: s.total }),
          }))}
        />
      </CardContent>
    </Card>
  );
}

/** The reviewer's comment on the whole attempt, once the essays were graded. */
export function ReviewerFeedback({ result }: { result: QuizResult }) {
  const { t } = useTranslation();
  if (!result.feedback) return null;
  return (
    <Card data-testid="review-overall-feedback">
      <CardHeader>
        <CardTitle>{t('taking.essayReview.overallFeedbackHeading')}</CardTitle>
      </CardHeader>
      <CardContent>
        <p className="break-words whitespace-pre-line text-slate-700">{result.feedback}</p>
      </CardContent>
    </Card>
  );
}

/**
 * The detailed review: each question's badge, the user's answer, the correct one when wrong,
 * the explanation; an essay's points and the reviewer's feedback once graded. `grading` puts
 * the author's fields under each essay (the review page, for the author).
 */
export function QuestionReview({
  result,
  author = false,
  grading,
}: {
  result: QuizResult;
  /** the assessment's author reads someone else's answers */
  author?: boolean;
  grading?: (detail: QuestionDetail, index: number) => ReactNode;
}) {
  const { t } = useTranslation();
  if (result.question_details.length === 0) {
    return <Alert tone="info">{t('taking.result.reviewHidden')}</Alert>;
  }
  return (
    <Card data-testid="question-review">
      <CardHeader>
        <CardTitle>{t('taking.result.reviewHeading')}</CardTitle>
      </CardHeader>
      <CardContent>
        <ol className="space-y-4">
          {result.question_details.map((q, index) => (
            <li
              key={q.question_id}
              className="space-y-2 rounded-xl border border-slate-200 p-4"
              data-testid="review-item"
              data-correct={q.is_correct ? 'true' : 'false'}
              data-question-type={q.question_type}
              data-pending={q.pending_review ? 'true' : 'false'}
            >
              <div className="flex flex-wrap items-start justify-between gap-2">
                <p className="min-w-0 font-medium break-words text-slate-900">
                  {t('taking.result.questionNumber', { number: index + 1 })} {q.question_text}
                </p>
                {q.pending_review ? (
                  <Badge tone="warning" data-testid="review-pending">
                    {t('taking.result.pendingReview')}
                  </Badge>
                ) : q.question_type === 'essay' ? (
                  <Badge tone={q.is_correct ? 'success' : 'neutral'} data-testid="review-essay-points">
                    {t('taking.essayReview.pointsOf', { earned: q.earned_points, points: q.points })}
                  </Badge>
                ) : (
                  <Badge tone={q.is_correct ? 'success' : 'danger'} data-testid="review-badge">
                    {q.is_correct ? t('taking.result.correctBadge') : t('taking.result.incorrectBadge')}
                  </Badge>
                )}
              </div>
              <p className="text-sm break-words text-slate-700" data-testid="review-user-answer">
                <span className="font-medium">{author ? t('taking.essayReview.answer') : t('taking.result.yourAnswer')}</span>{' '}
                {q.user_answer ?? t('taking.result.noAnswer')}
              </p>
              {!q.is_correct && !q.pending_review && q.correct_answer !== null && (
                <p className="text-sm break-words text-emerald-800" data-testid="review-correct-answer">
                  <span className="font-medium">{t('taking.result.correctAnswer')}</span> {q.correct_answer}
                </p>
              )}
              {q.explanation && (
                <p className="rounded-lg bg-slate-50 px-3 py-2 text-sm break-words text-slate-700" data-testid="review-explanation">
                  <span className="font-medium">{t('taking.result.explanation')}</span> {q.explanation}
                </p>
              )}
              {q.feedback && !grading && (
                <p
                  className="rounded-lg bg-sky-50 px-3 py-2 text-sm break-words whitespace-pre-line text-slate-800"
                  data-testid="review-feedback"
                >
                  <span className="font-medium">{t('taking.essayReview.feedbackLabel')}</span> {q.feedback}
                </p>
              )}
              {grading?.(q, index)}
            </li>
          ))}
        </ol>
      </CardContent>
    </Card>
  );
}
