import type { QuizFigures } from '@lp/contracts';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useFormatDate } from '../../../i18n/format-date';
import {
  Badge,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeaderCell,
  TableRow,
} from '../../../ui';
import { percentText, type MockTestResults } from '../../assessment';
import { LoadError, LoadingBlock } from '../../../ui/query-state';

interface ResultsDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  /** the list's figures (takers' attempts only; the table below also lists the author's own tries) */
  figures: QuizFigures;
  results: UseQueryResult<MockTestResults>;
}

/** The Results button of an assessment card: its figures and every submitted attempt with its taker (GET /mock-tests/{id}/results). */
export function ResultsDialog({ open, onOpenChange, title, figures, results }: ResultsDialogProps) {
  const { t } = useTranslation();
  const formatDate = useFormatDate();
  const na = t('authoring.figures.notAvailable');
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl" data-testid="results-dialog">
        <DialogHeader>
          <DialogTitle>{t('authoring.results.title', { title })}</DialogTitle>
          <DialogDescription>
            {t('authoring.results.summary', {
              count: figures.attempts,
              average: percentText(figures.average_score, na),
              passRate: percentText(figures.pass_rate, na),
            })}
          </DialogDescription>
        </DialogHeader>
        {results.isPending && <LoadingBlock />}
        {results.isError && (
          <LoadError error={results.error} title={t('authoring.analytics.loadFailed')} onRetry={() => void results.refetch()} />
        )}
        {results.data && results.data.attempts.length === 0 && <p className="text-sm text-slate-600">{t('authoring.results.none')}</p>}
        {results.data && results.data.attempts.length > 0 && (
          <div className="max-h-96 overflow-auto">
            <Table>
              <TableHead>
                <TableRow>
                  <TableHeaderCell>{t('authoring.results.taker')}</TableHeaderCell>
                  <TableHeaderCell>{t('authoring.results.submitted')}</TableHeaderCell>
                  <TableHeaderCell className="text-right">{t('authoring.results.score')}</TableHeaderCell>
                  <TableHeaderCell className="text-right">{t('authoring.results.correct')}</TableHeaderCell>
                  <TableHeaderCell>{t('authoring.results.outcome')}</TableHeaderCell>
                  <TableHeaderCell>
                    <span className="sr-only">{t('authoring.results.review')}</span>
                  </TableHeaderCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {results.data.attempts.map((a) => (
                  <TableRow key={a.attempt_id} data-testid="result-row">
                    <TableCell className="break-words" data-testid="result-taker">
                      {a.user_name}
                    </TableCell>
                    <TableCell>{formatDate(a.submitted_at)}</TableCell>
                    <TableCell className="text-right tabular-nums">{percentText(a.score, na)}</TableCell>
                    <TableCell className="text-right tabular-nums">
                      {t('authoring.results.correctOf', { correct: a.correct_answers, total: a.total_questions })}
                    </TableCell>
                    <TableCell>
                      <Badge tone={a.passed ? 'success' : 'danger'}>
                        {a.passed ? t('authoring.results.passed') : t('authoring.results.failed')}
                      </Badge>
                    </TableCell>
                    <TableCell>
                      {/* the review page shows the author every answer of the attempt */}
                      <Link
                        to={`/quiz/${results.data.quiz_id}/review/${a.attempt_id}`}
                        className="text-sm font-medium text-primary underline-offset-2 hover:underline"
                        data-testid="result-review"
                      >
                        {t('authoring.results.review')}
                      </Link>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}
