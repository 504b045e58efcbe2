import { assessmentRoutes, type QuizSummary } from '@lp/contracts';
import { useTranslation } from 'react-i18next';
import { useRouteQuery } from '../../../api/route-hooks';
import { EmptyState, Table, TableBody, TableCell, TableHead, TableHeaderCell, TableRow } from '../../../ui';
import { LoadError, LoadingBlock } from '../../../ui/query-state';
import { formatPercent, NO_DATA } from '../../../lib/figures';
import { BarsChart } from '../../../ui/charts';
import { KindBadge } from './assessment-facts';
import { percentText } from './quiz-figures';

/**
 * Analytics: attempts, average score and pass rate of each of the caller's quizzes, as GET
 * /my-quizzes answers them, and the quizzes that were taken compared as bars. A quiz nobody
 * took reads "—", not a zero.
 */
export function QuizAnalyticsTab() {
  const { t } = useTranslation();
  const quizzes = useRouteQuery(assessmentRoutes.myQuizzes, {}, { refetchOnMount: 'always' });

  if (quizzes.isPending) return <LoadingBlock />;
  if (quizzes.isError)
    return <LoadError error={quizzes.error} title={t('authoring.analytics.loadFailed')} onRetry={() => void quizzes.refetch()} />;
  if (quizzes.data.length === 0)
    return <EmptyState headingLevel="h2" title={t('authoring.analytics.emptyTitle')} description={t('authoring.analytics.emptyText')} />;
  const taken = quizzes.data.filter((q) => q.figures.attempts > 0);
  const comparison = taken.map((q) => ({ key: q.id, label: q.title, average: q.figures.average_score, pass: q.figures.pass_rate }));

  return (
    <div className="space-y-6">
      {taken.length === 0 ? (
        <p className="text-sm text-slate-600" data-testid="quiz-analytics-none-taken">
          {t('figures.authoring.noneTaken')}
        </p>
      ) : (
        <BarsChart
          data={comparison}
          series={[
            { key: 'average', label: t('authoring.figures.averageScore'), color: 'primary' },
            { key: 'pass', label: t('authoring.figures.passRate'), color: 'emerald' },
          ]}
          caption={t('figures.authoring.comparison')}
          rowHeader={t('authoring.analytics.quiz')}
          horizontal
          max={100}
          format={(v) => formatPercent(v)}
          testId="quiz-analytics-chart"
        />
      )}
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
                  {percentText(figures.average_score, NO_DATA)}
                </TableCell>
                <TableCell className="text-right tabular-nums" data-testid="analytics-pass-rate">
                  {percentText(figures.pass_rate, NO_DATA)}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
    </div>
  );
}
