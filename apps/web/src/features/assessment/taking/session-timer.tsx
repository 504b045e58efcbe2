import { useTranslation } from 'react-i18next';
import { cn } from '../../../ui';
import { formatClock } from './countdown';
import type { SessionClock } from './use-quiz-session';

const toneClasses = {
  normal: 'border-slate-200 bg-white text-slate-900',
  warning: 'border-amber-300 bg-amber-50 text-amber-900',
  critical: 'border-red-300 bg-red-50 text-red-800',
} as const;

/** The countdown of a session on the server's clock (spec 9), coloured by how much time is left; nothing without a time limit. */
export function SessionTimer({ clock, testId }: { clock: SessionClock; testId: string }) {
  const { t } = useTranslation();
  if (clock.left === null) return null;
  return (
    <div
      role="timer"
      aria-label={t('taking.session.timeLeft')}
      className={cn('rounded-lg border px-3 py-1.5 font-mono text-lg font-semibold tabular-nums', toneClasses[clock.tone])}
      data-testid={testId}
      data-tone={clock.tone}
      data-seconds={clock.left}
    >
      {formatClock(clock.left)}
    </div>
  );
}
