import { useCallback, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { TOAST_DURATION_MS } from '../config/product';
import { cn } from './cn';
import { focusRing } from './focus-ring';
import type { ToastInput, ToastTone } from './toast-context';

export interface ToastItem extends ToastInput {
  id: number;
}

const toneClasses: Record<ToastTone, string> = {
  success: 'border-emerald-300 bg-emerald-50 text-emerald-900',
  error: 'border-red-300 bg-red-50 text-red-900',
  info: 'border-slate-200 bg-white text-slate-900',
};

const toneIcons: Record<ToastTone, string> = {
  success: 'M5 13l4 4L19 7',
  error: 'M12 8v5m0 3h.01M21 12a9 9 0 1 1-18 0 9 9 0 0 1 18 0Z',
  info: 'M12 16v-4m0-4h.01M21 12a9 9 0 1 1-18 0 9 9 0 0 1 18 0Z',
};

interface ToastCardProps {
  item: ToastItem;
  onDismiss: (id: number) => void;
}

/** Hides itself after 4 seconds (or its own duration); the clock stops while the pointer or focus is on it, so it can be read. */
export function ToastCard({ item, onDismiss }: ToastCardProps) {
  const { t } = useTranslation();
  const tone = item.tone ?? 'info';
  const timer = useRef<number | undefined>(undefined);

  const stop = useCallback(() => window.clearTimeout(timer.current), []);
  const start = useCallback(() => {
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => onDismiss(item.id), item.durationMs ?? TOAST_DURATION_MS);
  }, [item.id, item.durationMs, onDismiss]);

  useEffect(() => {
    start();
    return stop;
  }, [start, stop]);

  return (
    <li
      data-testid="toast"
      data-tone={tone}
      onMouseEnter={stop}
      onMouseLeave={start}
      onFocus={stop}
      onBlur={start}
      className={cn(
        'pointer-events-auto flex w-full items-start gap-3 rounded-xl border p-4 shadow-lg motion-safe:animate-[toast-in_160ms_ease-out]',
        toneClasses[tone],
      )}
    >
      <svg
        viewBox="0 0 24 24"
        className="mt-0.5 size-5 shrink-0"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        aria-hidden="true"
      >
        <path d={toneIcons[tone]} />
      </svg>
      <div className="min-w-0 flex-1">
        <p className="text-sm font-semibold break-words">{item.title}</p>
        {item.description && <p className="mt-1 text-sm break-words">{item.description}</p>}
      </div>
      <button
        type="button"
        onClick={() => onDismiss(item.id)}
        className={cn('cursor-pointer rounded-md p-1 opacity-80 hover:opacity-100', focusRing)}
      >
        <svg viewBox="0 0 24 24" className="size-4" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
          <path d="M6 6l12 12M18 6L6 18" strokeLinecap="round" />
        </svg>
        <span className="sr-only">{t('toast.dismiss')}</span>
      </button>
    </li>
  );
}
