import { useCallback, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from './cn';
import { ToastContext, type ToastApi, type ToastInput } from './toast-context';
import { ToastCard, type ToastItem } from './toast-card';

/** Older toasts give way so the stack never covers the page. */
const MAX_VISIBLE = 4;

/**
 * Toasts live in one persistent polite live region, so a message is announced once
 * and exists once in the DOM. (Radix Toast also copies each message into a hidden
 * announcer for a second, which makes text lookups of the message ambiguous.)
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const [items, setItems] = useState<ToastItem[]>([]);
  const nextId = useRef(1);

  const toast = useCallback((input: ToastInput) => {
    const id = nextId.current++;
    setItems((current) => [...current.slice(-(MAX_VISIBLE - 1)), { ...input, id }]);
  }, []);

  const dismiss = useCallback((id: number) => setItems((current) => current.filter((item) => item.id !== id)), []);

  const api = useMemo<ToastApi>(() => ({ toast }), [toast]);

  return (
    <ToastContext.Provider value={api}>
      {children}
      <section
        aria-label={t('toast.region')}
        className={cn('pointer-events-none fixed right-0 bottom-0 z-[100] w-full max-w-sm p-3 sm:p-4')}
      >
        <ol aria-live="polite" aria-relevant="additions text" className="flex flex-col gap-2">
          {items.map((item) => (
            <ToastCard key={item.id} item={item} onDismiss={dismiss} />
          ))}
        </ol>
      </section>
    </ToastContext.Provider>
  );
}
