import { useTranslation } from 'react-i18next';
import { BarsChart, type ChartColor } from '../../ui/charts';

export interface ChartDatum {
  key: string;
  label: string;
  value: number;
}

interface CountChartProps {
  data: ChartDatum[];
  caption: string;
  valueLabel: string;
  testId: string;
  /** horizontal bars suit long labels (course titles) */
  layout?: 'vertical' | 'horizontal';
  color?: ChartColor;
}

/** A bar chart of counts, on the shared chart kit (which adds the summary and the hidden table). */
export function CountChart({ data, caption, valueLabel, testId, layout = 'horizontal', color = 'primary' }: CountChartProps) {
  const { t } = useTranslation();
  if (data.length === 0)
    return (
      <p className="text-sm text-slate-600" data-testid={testId}>
        {t('adminDashboard.noData')}
      </p>
    );
  return (
    <BarsChart
      data={data}
      series={[{ key: 'value', label: valueLabel, color }]}
      caption={caption}
      hideCaption
      rowHeader={t('figures.chart.item')}
      horizontal={layout === 'vertical'}
      integers
      testId={testId}
    />
  );
}
