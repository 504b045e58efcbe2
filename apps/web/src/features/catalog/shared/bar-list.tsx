import { cn } from '../../../ui';

export interface BarItem {
  key: string;
  label: string;
  /** the bar's length, 0-100 (share of the largest, or a percentage) */
  value: number;
  /** what is written beside the bar, e.g. "12" or "45.5%" */
  display: string;
  tone?: 'primary' | 'success' | 'warning' | 'neutral';
}

const tones = {
  primary: 'bg-primary',
  success: 'bg-emerald-600',
  warning: 'bg-amber-500',
  neutral: 'bg-slate-400',
} as const;

/**
 * A horizontal bar chart drawn with CSS: each bar's label and figure are visible text,
 * so the chart reads the same to a screen reader as a two-column list.
 */
export function BarList({ items, caption, testId }: { items: BarItem[]; caption: string; testId?: string }) {
  return (
    <figure data-testid={testId}>
      <figcaption className="sr-only">{caption}</figcaption>
      <ul className="space-y-3">
        {items.map((item) => (
          <li key={item.key} className="grid grid-cols-[minmax(0,1fr)_auto] items-center gap-x-3 gap-y-1 text-sm">
            <span className="truncate text-slate-700" title={item.label}>
              {item.label}
            </span>
            <span className="font-semibold text-slate-900 tabular-nums">{item.display}</span>
            <span aria-hidden="true" className="col-span-2 h-2.5 overflow-hidden rounded-full bg-slate-100">
              <span
                className={cn('block h-full rounded-full', tones[item.tone ?? 'primary'])}
                style={{ width: `${Math.max(0, Math.min(100, item.value))}%` }}
              />
            </span>
          </li>
        ))}
      </ul>
    </figure>
  );
}
