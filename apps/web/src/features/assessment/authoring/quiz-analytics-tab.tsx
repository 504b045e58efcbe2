import type { QuizSummary } from '@lp/contracts';
import { useQueries } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { EmptyState, Table, TableBody, TableCell, TableHead, TableHeaderCell, TableRow } from '../../../ui';
import { LoadError, LoadingBlock } from '../../catalog/shared/query-state';
import { KindBadge } from './assessment-facts';
import { percentText, quizFigures, resultsQuery, useMyQuizzes } from './authoring-queries';

/** Analytics: attempts, average score and pass rate of each of the caller's quizzes (GET /mock-tests/{id}/results). */
export function QuizAnalyticsTab() {
  const { t } = useTranslation();
  const quizzes = useMyQuizzes();
  const results = useQueries({ queries: (quizzes.data ?? []).map((q) => resultsQuery(q.id)) });

  if (quizzes.isPending) return <LoadingBlock />;
  if (quizzes.isError) return <LoadError error={quizzes.error} title={t('authoring.analytics.loadFailed')} onRetry={() => void quizzes.refetch()} />;
  if (quizzes.data.length === 0) return <EmptyState headingLevel="h2" title={t('authoring.analytics.emptyTitle')} description={t('authoring.analytics.emptyText')} />;
  const failed = results.find((r) => r.isError);

  return (
    <div className="space-y-3">
      {failed && <LoadError error={failed.error} title={t('authoring.analytics.loadFailed')} onRetry={() => results.forEach((r) => r.isError && void r.refetch())} />}
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
            {quizzes.data.map((quiz: QuizSummary, i) => {
              const result = results[i];
              const figures = result?.data ? quizFigures(result.data) : null;
              const pending = t('authoring.figures.pending');
              return (
                <TableRow key={quiz.id} data-testid="analytics-row" data-quiz-id={quiz.id}>
                  <TableCell className="font-medium break-words">{quiz.title}</TableCell>
                  <TableCell>
                    <KindBadge kind={quiz.kind} />
                  </TableCell>
                  <TableCell className="text-right tabular-nums" data-testid="analytics-attempts">
                    {figures ? figures.attempts : pending}
                  </TableCell>
                  <TableCell className="text-right tabular-nums" data-testid="analytics-average">
                    {figures ? percentText(figures.averageScore, t('authoring.figures.notAvailable')) : pending}
                  </TableCell>
                  <TableCell className="text-right tabular-nums" data-testid="analytics-pass-rate">
                    {figures ? percentText(figures.passRate, t('authoring.figures.notAvailable')) : pending}
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </div>
    </div>
  );
}
