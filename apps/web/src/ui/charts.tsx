import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Area,
  AreaChart,
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { cn } from './cn';

/**
 * The one chart kit of the SPA (recharts underneath): time series as lines or areas, comparisons
 * as bars. Every chart is a <figure> whose graphic is one role="img" with a sentence summing it
 * up, followed by the same figures as a visually hidden table — the SVG itself says nothing to
 * a screen reader. Colours are the design system's (primary) and darker companions that keep
 * 3:1 against white for graphical objects.
 */
export const CHART_COLORS = {
  primary: 'var(--color-primary)',
  teal: '#0e7490',
  amber: '#b45309',
  emerald: '#047857',
  slate: '#64748b',
  red: '#b91c1c',
} as const;
export type ChartColor = keyof typeof CHART_COLORS;
const SERIES_ORDER: ChartColor[] = ['primary', 'teal', 'amber', 'emerald', 'slate', 'red'];

export interface ChartSeries {
  /** the data row's field holding this series' values */
  key: string;
  label: string;
  color?: ChartColor;
}

/** One x position (a week, an attempt) or one compared item (a lesson, a subject). */
export interface ChartRow {
  key: string;
  label: string;
  /** a longer name for the tooltip and the table (e.g. the quiz of an attempt) */
  detail?: string;
}
/** A series' value of a row (its field named by the series key). */
const valueAt = (row: ChartRow, key: string): number | null => numeric((row as unknown as Record<string, unknown>)[key]);

interface CommonProps {
  data: readonly ChartRow[];
  series: ChartSeries[];
  /** the chart's title: the visible caption and the table's caption */
  caption: string;
  /** the first column's header in the table (e.g. "Week") */
  rowHeader: string;
  /** how a value is written on the axis, in the tooltip and in the table */
  format?: (value: number) => string;
  /** the value axis runs from 0 to this (e.g. 100 for percentages); otherwise to the data */
  max?: number;
  /** integer counts: no fractional ticks */
  integers?: boolean;
  /** a sentence said instead of the generated summary */
  summary?: string;
  hideCaption?: boolean;
  height?: number;
  /** room for the value axis' labels (wider for money) */
  axisWidth?: number;
  testId?: string;
  className?: string;
}

const tick = { fontSize: 12, fill: '#475569' };
const plain = (v: number) => String(Math.round(v * 10) / 10);
const colorOf = (s: ChartSeries, i: number) => CHART_COLORS[s.color ?? SERIES_ORDER[i % SERIES_ORDER.length]!];
const numeric = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const shorten = (text: string, max = 24) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

function valuesOf(data: readonly ChartRow[], key: string): number[] {
  return data.map((r) => valueAt(r, key)).filter((v): v is number => v !== null);
}

/** The hidden table and the frame around a chart. */
function ChartFigure({
  caption,
  summary,
  hideCaption,
  height,
  testId,
  className,
  data,
  series,
  rowHeader,
  format,
  children,
}: CommonProps & { summary: string; height: number; children: ReactElement }) {
  const write = format ?? plain;
  return (
    <figure className={cn('min-w-0', className)} data-testid={testId}>
      <figcaption className={hideCaption ? 'sr-only' : 'mb-2 text-sm font-semibold text-slate-900'}>{caption}</figcaption>
      <div role="img" aria-label={summary} className="w-full" style={{ height }} data-testid={testId ? `${testId}-graphic` : undefined}>
        <ResponsiveContainer width="100%" height="100%">
          {children}
        </ResponsiveContainer>
      </div>
      <table className="sr-only">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{rowHeader}</th>
            {series.map((s) => (
              <th scope="col" key={s.key}>
                {s.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {data.map((row) => (
            <tr key={row.key}>
              <th scope="row">{row.detail ? `${row.label} (${row.detail})` : row.label}</th>
              {series.map((s) => {
                const v = valueAt(row, s.key);
                return <td key={s.key}>{v === null ? '\u2014' : write(v)}</td>;
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}

function useTrendSummary(props: CommonProps): string {
  const { t } = useTranslation();
  if (props.summary) return props.summary;
  const write = props.format ?? plain;
  const parts = props.series.map((s) => {
    const xs = valuesOf(props.data, s.key);
    if (xs.length === 0) return t('figures.chart.seriesEmpty', { series: s.label });
    return t('figures.chart.trendPart', {
      series: s.label,
      first: write(xs[0]!),
      last: write(xs[xs.length - 1]!),
      min: write(Math.min(...xs)),
      max: write(Math.max(...xs)),
    });
  });
  return t('figures.chart.trendSummary', { caption: props.caption, count: props.data.length, parts: parts.join(' ') });
}

function useBarsSummary(props: CommonProps): string {
  const { t } = useTranslation();
  if (props.summary) return props.summary;
  const write = props.format ?? plain;
  const items = props.data.map((row) => {
    const values = props.series.map((s) => {
      const v = valueAt(row, s.key);
      const text = v === null ? '\u2014' : write(v);
      return props.series.length > 1 ? `${s.label} ${text}` : text;
    });
    return `${row.label} ${values.join(', ')}`;
  });
  return t('figures.chart.barsSummary', { caption: props.caption, items: items.join('; ') });
}

const tooltipLabel = (data: readonly ChartRow[]) => (label: unknown, payload: ReadonlyArray<{ payload?: ChartRow }>) => {
  const row = payload?.[0]?.payload ?? data.find((r) => r.label === label);
  return row?.detail ? `${String(label)} · ${row.detail}` : String(label);
};

/** A time series (scores over attempts, enrollments per week): lines, or areas with `area`. */
export function TrendChart(props: CommonProps & { area?: boolean }) {
  const { data, series, format, max, integers, area, height = 240, axisWidth = 48 } = props;
  const summary = useTrendSummary(props);
  const write = format ?? plain;
  const axes = (
    <>
      <CartesianGrid strokeDasharray="3 3" vertical={false} />
      <XAxis dataKey="label" tick={tick} tickMargin={6} minTickGap={12} />
      <YAxis
        tick={tick}
        width={axisWidth}
        allowDecimals={!integers}
        domain={max !== undefined ? [0, max] : [0, 'auto']}
        tickFormatter={(v: number) => write(v)}
      />
      <Tooltip formatter={(v) => write(Number(v))} labelFormatter={tooltipLabel(data)} />
      {series.length > 1 && <Legend itemSorter={null} wrapperStyle={{ fontSize: 13 }} />}
    </>
  );
  return (
    <ChartFigure {...props} summary={summary} height={height}>
      {area ? (
        <AreaChart data={data} margin={{ top: 8, right: 16, bottom: 4, left: 0 }} accessibilityLayer={false}>
          {axes}
          {series.map((s, i) => (
            <Area
              key={s.key}
              type="linear"
              dataKey={s.key}
              name={s.label}
              stroke={colorOf(s, i)}
              fill={colorOf(s, i)}
              fillOpacity={0.15}
              strokeWidth={2}
              isAnimationActive={false}
            />
          ))}
        </AreaChart>
      ) : (
        <LineChart data={data} margin={{ top: 8, right: 16, bottom: 4, left: 0 }} accessibilityLayer={false}>
          {axes}
          {series.map((s, i) => (
            <Line
              key={s.key}
              type="linear"
              dataKey={s.key}
              name={s.label}
              stroke={colorOf(s, i)}
              strokeWidth={2}
              dot={{ r: 3 }}
              isAnimationActive={false}
            />
          ))}
        </LineChart>
      )}
    </ChartFigure>
  );
}

/**
 * A comparison as bars: columns by default, horizontal bars with `horizontal` (long labels such
 * as lesson titles); several series side by side, or stacked with `stacked`.
 */
export function BarsChart(props: CommonProps & { horizontal?: boolean; stacked?: boolean }) {
  const { data, series, format, max, integers, horizontal, stacked, axisWidth = 48 } = props;
  const height = props.height ?? (horizontal ? Math.max(120, data.length * (series.length > 1 ? 44 : 34) + 40) : 260);
  const summary = useBarsSummary(props);
  const write = format ?? plain;
  const domain: [number, number | 'auto'] = [0, max ?? 'auto'];
  const last = series.length - 1;
  return (
    <ChartFigure {...props} summary={summary} height={height}>
      <BarChart
        data={data}
        layout={horizontal ? 'vertical' : 'horizontal'}
        margin={{ top: 8, right: 16, bottom: 4, left: 0 }}
        accessibilityLayer={false}
      >
        <CartesianGrid strokeDasharray="3 3" vertical={!!horizontal} horizontal={!horizontal} />
        {horizontal ? (
          <>
            <XAxis type="number" tick={tick} allowDecimals={!integers} domain={domain} tickFormatter={(v: number) => write(v)} />
            <YAxis type="category" dataKey="label" width={150} tick={tick} tickFormatter={(v: string) => shorten(v)} />
          </>
        ) : (
          <>
            <XAxis dataKey="label" tick={tick} tickFormatter={(v: string) => shorten(v, 14)} />
            <YAxis tick={tick} width={axisWidth} allowDecimals={!integers} domain={domain} tickFormatter={(v: number) => write(v)} />
          </>
        )}
        <Tooltip formatter={(v) => write(Number(v))} labelFormatter={tooltipLabel(data)} cursor={{ fill: '#f1f5f9' }} />
        {series.length > 1 && <Legend itemSorter={null} wrapperStyle={{ fontSize: 13 }} />}
        {series.map((s, i) => (
          <Bar
            key={s.key}
            dataKey={s.key}
            name={s.label}
            fill={colorOf(s, i)}
            stackId={stacked ? 'stack' : undefined}
            radius={!stacked || i === last ? (horizontal ? [0, 4, 4, 0] : [4, 4, 0, 0]) : 0}
            maxBarSize={horizontal ? 22 : 48}
            isAnimationActive={false}
          />
        ))}
      </BarChart>
    </ChartFigure>
  );
}
