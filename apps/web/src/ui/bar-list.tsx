import { formatPercent } from '../lib/figures';
import { BarsChart } from './charts';

export interface BarItem {
  key: string;
  label: string;
  /** a percentage, 0-100 */
  value: number;
  /** what the tooltip and the table add to the figure, e.g. "1 of 2 correct" */
  detail?: string;
}

/**
 * Percentages compared as horizontal bars (on the shared chart kit: a summary sentence and a
 * hidden table come with it). `valueLabel` names the figure, e.g. "Score".
 */
export function BarList({
  items,
  caption,
  valueLabel,
  rowHeader,
  testId,
}: {
  items: BarItem[];
  caption: string;
  valueLabel: string;
  rowHeader: string;
  testId?: string;
}) {
  return (
    <BarsChart
      data={items}
      series={[{ key: 'value', label: valueLabel }]}
      caption={caption}
      hideCaption
      rowHeader={rowHeader}
      horizontal
      max={100}
      format={(v) => formatPercent(v)}
      testId={testId}
    />
  );
}
