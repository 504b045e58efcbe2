import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

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
  color?: string;
}

/**
 * A bar chart of counts. The figures are also a visually hidden table: the chart's bars say
 * nothing to a screen reader.
 */
export function CountChart({ data, caption, valueLabel, testId, layout = 'horizontal', color = '#4f46e5' }: CountChartProps) {
  const { t } = useTranslation();
  const vertical = layout === 'vertical';
  return (
    <figure data-testid={testId}>
      <figcaption className="sr-only">{caption}</figcaption>
      {data.length === 0 ? (
        <p className="text-sm text-slate-600">{t('adminDashboard.noData')}</p>
      ) : (
        <div className="w-full" style={{ height: vertical ? Math.max(160, data.length * 40) : 260 }} aria-hidden="true">
          <ResponsiveContainer width="100%" height="100%">
            <BarChart data={data} layout={vertical ? 'vertical' : 'horizontal'} margin={{ top: 8, right: 16, bottom: 8, left: 8 }} accessibilityLayer={false}>
              <CartesianGrid strokeDasharray="3 3" vertical={vertical} horizontal={!vertical} />
              {vertical ? (
                <>
                  <XAxis type="number" allowDecimals={false} tick={{ fontSize: 12 }} />
                  <YAxis type="category" dataKey="label" width={160} tick={{ fontSize: 12 }} />
                </>
              ) : (
                <>
                  <XAxis dataKey="label" tick={{ fontSize: 12 }} />
                  <YAxis allowDecimals={false} tick={{ fontSize: 12 }} />
                </>
              )}
              <Tooltip />
              <Bar dataKey="value" name={valueLabel} fill={color} radius={vertical ? [0, 4, 4, 0] : [4, 4, 0, 0]} />
            </BarChart>
          </ResponsiveContainer>
        </div>
      )}
      <table className="sr-only">
        <caption>{caption}</caption>
        <tbody>
          {data.map((d) => (
            <tr key={d.key}>
              <th scope="row">{d.label}</th>
              <td>{d.value}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
