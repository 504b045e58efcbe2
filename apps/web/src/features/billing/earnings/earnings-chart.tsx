import type { Currency } from '@lp/contracts';
import { useTranslation } from 'react-i18next';
import { BarsChart } from '../../../ui/charts';
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

/** Twelve months of earnings, course sales and mentoring stacked, on the shared chart kit. */
export function EarningsChart({ monthly, currency }: { monthly: MonthlyPoint[]; currency: Currency }) {
  const { t, i18n } = useTranslation();
  const money = useMoney();
  const data = monthly.map((p) => ({ key: p.month, label: monthLabel(p.month, i18n.language), course: p.course, mentoring: p.mentoring }));
  return (
    <BarsChart
      data={data}
      series={[
        { key: 'course', label: t('billing.earnings.courseSeries'), color: 'primary' },
        { key: 'mentoring', label: t('billing.earnings.mentoringSeries'), color: 'teal' },
      ]}
      stacked
      caption={t('billing.earnings.chartCaption')}
      hideCaption
      rowHeader={t('billing.earnings.month')}
      format={(value) => money.major(value, currency)}
      height={288}
      axisWidth={80}
      testId="earnings-chart"
    />
  );
}
