import { QA_CATEGORY_LABELS, type QaQuestion } from '@lp/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useFormatDate } from '../../../i18n/format-date';
import { Badge, Card, CardContent } from '../../../ui';
import { preview } from '../format';

/** A question (or discussion) of the global forum: a 150-character preview, upvotes, answers and views; it links to /qa/{id}. */
export function QuestionCard({ question }: { question: QaQuestion }) {
  const { t } = useTranslation();
  const formatDate = useFormatDate();
  const headingId = `question-${question.id}-title`;
  return (
    <Card role="article" aria-labelledby={headingId} data-testid="question-card" data-question-id={question.id}>
      <CardContent className="flex flex-col gap-3 sm:flex-row sm:gap-5">
        <dl className="flex shrink-0 gap-4 text-center text-sm text-slate-600 sm:w-44 sm:justify-between">
          <div className="flex flex-col-reverse">
            <dt>{t('qa.upvotesLabel', { count: question.upvotes })}</dt>
            <dd className="text-lg font-semibold text-slate-900" data-testid="question-card-upvotes">
              {question.upvotes}
            </dd>
          </div>
          <div className="flex flex-col-reverse">
            <dt>{t('qa.answersLabel', { count: question.answer_count })}</dt>
            <dd
              className={question.is_answered ? 'text-lg font-semibold text-emerald-800' : 'text-lg font-semibold text-slate-900'}
              data-testid="question-card-answers"
            >
              {question.answer_count}
            </dd>
          </div>
          <div className="flex flex-col-reverse">
            <dt>{t('qa.viewsLabel', { count: question.views })}</dt>
            <dd className="text-lg font-semibold text-slate-900" data-testid="question-card-views">
              {question.views}
            </dd>
          </div>
        </dl>
        <div className="min-w-0 flex-1 space-y-2">
          <h3 id={headingId} className="text-base font-semibold text-slate-900">
            <Link to={`/qa/${question.id}`} className="hover:underline" data-testid="question-card-link">
              {question.title}
            </Link>
          </h3>
          <p className="text-sm break-words text-slate-700" data-testid="question-card-preview">
            {preview(question.content)}
          </p>
          <div className="flex flex-wrap items-center gap-2 text-xs text-slate-600">
            <Badge tone="neutral">{QA_CATEGORY_LABELS[question.category]}</Badge>
            <Badge tone={question.post_type === 'question' ? 'primary' : 'neutral'}>{t(`qa.postTypes.${question.post_type}`)}</Badge>
            {question.is_answered && <Badge tone="success">{t('qa.answered')}</Badge>}
            {question.tags.map((tag) => (
              <span key={tag} className="rounded bg-slate-100 px-1.5 py-0.5 text-slate-700">
                #{tag}
              </span>
            ))}
            <span>{t('qa.askedBy', { name: question.author_name, date: formatDate(question.created_at) })}</span>
          </div>
        </div>
      </CardContent>
    </Card>
  );
}
