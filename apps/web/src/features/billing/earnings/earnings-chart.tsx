import type { Currency } from '@lp/contracts';
import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { useMoney } from '../shared/money';

export interface MonthlyPoint {
  month: string;
  course: number;
  mentoring: number;
}

/** "2026-03" as "Mar 2026" in the reader's language; anything else as given. */
export function monthLabel(month: string, locale: string): string {
  const match = /^(\d{4})-(\d{2})$/.exec(month);
  if (!match) return month;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, 1));
  return new Intl.DateTimeFormat(locale, { month: 'short', year: 'numeric', timeZone: 'UTC' }).format(date);
}

/**
 * Twelve months of earnings, course sales and mentoring stacked. The same figures are in a
 * table for screen readers (a chart's bars say nothing to them).
 */
export function EarningsChart({ monthly, currency }: { monthly: MonthlyPoint[]; currency: Currency }) {
  const { t, i18n } = useTranslation();
  const money = useMoney();
  const data = monthly.map((p) => ({ ...p, label: monthLabel(p.month, i18n.language) }));
  const format = (value: unknown) => money.major(typeof value === 'number' ? value : Number(value), currency);

  return (
    <figure data-testid="earnings-chart">
      <figcaption className="sr-only">{t('billing.earnings.chartCaption')}</figcaption>
      <div className="h-72 w-full" aria-hidden="true">
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={data} margin={{ top: 8, right: 8, bottom: 8, left: 8 }} accessibilityLayer={false}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="label" tick={{ fontSize: 12 }} />
            <YAxis tickFormatter={(v: number) => format(v)} width={80} tick={{ fontSize: 12 }} />
            <Tooltip formatter={(value) => format(value)} />
            <Legend />
            <Bar dataKey="course" stackId="earnings" name={t('billing.earnings.courseSeries')} fill="#4f46e5" />
            <Bar dataKey="mentoring" stackId="earnings" name={t('billing.earnings.mentoringSeries')} fill="#06b6d4" radius={[4, 4, 0, 0]} />
          </BarChart>
        </ResponsiveContainer>
      </div>
      <table className="sr-only">
        <caption>{t('billing.earnings.chartCaption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('billing.earnings.month')}</th>
            <th scope="col">{t('billing.earnings.courseSeries')}</th>
            <th scope="col">{t('billing.earnings.mentoringSeries')}</th>
          </tr>
        </thead>
        <tbody>
          {data.map((p) => (
            <tr key={p.month}>
              <th scope="row">{p.label}</th>
              <td>{format(p.course)}</td>
              <td>{format(p.mentoring)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
