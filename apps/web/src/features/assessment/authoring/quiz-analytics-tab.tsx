import { assessmentRoutes, type QuizSummary } from '@lp/contracts';
import { useTranslation } from 'react-i18next';
import { useRouteQuery } from '../../../api/route-hooks';
import { EmptyState, Table, TableBody, TableCell, TableHead, TableHeaderCell, TableRow } from '../../../ui';
import { LoadError, LoadingBlock } from '../../catalog/shared/query-state';
import { KindBadge } from './assessment-facts';
import { percentText } from './quiz-figures';

/** Analytics: attempts, average score and pass rate of each of the caller's quizzes, as GET /my-quizzes answers them. */
export function QuizAnalyticsTab() {
  const { t } = useTranslation();
  const quizzes = useRouteQuery(assessmentRoutes.myQuizzes, {}, { refetchOnMount: 'always' });

  if (quizzes.isPending) return <LoadingBlock />;
  if (quizzes.isError)
    return <LoadError error={quizzes.error} title={t('authoring.analytics.loadFailed')} onRetry={() => void quizzes.refetch()} />;
  if (quizzes.data.length === 0)
    return <EmptyState headingLevel="h2" title={t('authoring.analytics.emptyTitle')} description={t('authoring.analytics.emptyText')} />;
  const na = t('authoring.figures.notAvailable');

  return (
    <div className="space-y-3">
      <div className="overflow-x-auto">
        <Table data-testid="quiz-analytics">
          <TableHead>
            <TableRow>
              <TableHeaderCell>{t('authoring.analytics.quiz')}</TableHeaderCell>
              <TableHeaderCell>{t('authoring.analytics.type')}</TableHeaderCell>
              <TableHeaderCell className="text-right">{t('authoring.figures.attempts')}</TableHeaderCell>
              <TableHeaderCell className="text-right">{t('authoring.figures.averageScore')}</TableHeaderCell>
              <TableHeaderCell className="text-right">{t('authoring.figures.passRate')}</TableHeaderCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {quizzes.data.map(({ figures, ...quiz }: QuizSummary) => (
              <TableRow key={quiz.id} data-testid="analytics-row" data-quiz-id={quiz.id}>
                <TableCell className="font-medium break-words">{quiz.title}</TableCell>
                <TableCell>
                  <KindBadge kind={quiz.kind} />
                </TableCell>
                <TableCell className="text-right tabular-nums" data-testid="analytics-attempts">
                  {figures.attempts}
                </TableCell>
                <TableCell className="text-right tabular-nums" data-testid="analytics-average">
                  {percentText(figures.average_score, na)}
                </TableCell>
                <TableCell className="text-right tabular-nums" data-testid="analytics-pass-rate">
                  {percentText(figures.pass_rate, na)}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
    </div>
  );
}
