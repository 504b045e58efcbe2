import { useEffect, useRef } from 'react';
import { AUTOSAVE_DELAY_MS } from './countdown';

/**
 * Calls `save` AUTOSAVE_DELAY_MS after the last change (spec 9: 5 seconds after answers
 * change). `version` goes up on every change; a newer change restarts the wait. A change still
 * waiting is saved at once when the tab is hidden or the screen goes away, so leaving the test
 * loses as little as possible. Failures are silent by the spec (the submit carries every
 * answer anyway), so `save` errors are swallowed.
 */
export function useAutosave(version: number, save: () => Promise<unknown>, enabled: boolean): void {
  const latest = useRef(save);
  const pending = useRef(false);
  useEffect(() => {
    latest.current = save;
  });

  useEffect(() => {
    if (!enabled) {
      pending.current = false;
      return;
    }
    if (version === 0) return;
    pending.current = true;
    const timer = window.setTimeout(() => {
      pending.current = false;
      latest.current().catch(() => undefined);
    }, AUTOSAVE_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [version, enabled]);

  useEffect(() => {
    const flush = () => {
      if (!pending.current) return;
      pending.current = false;
      latest.current().catch(() => undefined);
    };
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') flush();
    };
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      document.removeEventListener('visibilitychange', onVisibility);
      flush();
    };
  }, []);
}
