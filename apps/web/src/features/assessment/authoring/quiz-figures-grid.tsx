import type { QuizFigures } from '@lp/contracts';
import { useTranslation } from 'react-i18next';
import { percentText } from './quiz-figures';

/** An assessment's attempts, average score and pass rate (the server counts takers' attempts only). */
export function QuizFiguresGrid({ figures }: { figures: QuizFigures }) {
  const { t } = useTranslation();
  const na = t('authoring.figures.notAvailable');
  const items = [
    { label: t('authoring.figures.attempts'), value: String(figures.attempts), testId: 'figure-attempts' },
    { label: t('authoring.figures.averageScore'), value: percentText(figures.average_score, na), testId: 'figure-average' },
    { label: t('authoring.figures.passRate'), value: percentText(figures.pass_rate, na), testId: 'figure-pass-rate' },
  ];
  return (
    <dl className="grid grid-cols-3 gap-2 rounded-lg bg-slate-50 p-2 text-center text-xs" data-testid="assessment-figures">
      {items.map((item) => (
        <div key={item.testId}>
          <dt className="text-slate-600">{item.label}</dt>
          <dd className="text-base font-semibold text-slate-900 tabular-nums" data-testid={item.testId}>
            {item.value}
          </dd>
        </div>
      ))}
    </dl>
  );
}
