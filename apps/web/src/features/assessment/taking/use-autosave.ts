import { useEffect, useRef } from 'react';
import { AUTOSAVE_DELAY_MS } from './countdown';

/**
 * Calls `save` AUTOSAVE_DELAY_MS after the last change (spec 9: 5 seconds after answers
 * change). `version` goes up on every change; a newer change restarts the wait. Failures are
 * silent by the spec (the submit carries every answer anyway), so `save` errors are swallowed.
 */
export function useAutosave(version: number, save: () => Promise<unknown>, enabled: boolean): void {
  const latest = useRef(save);
  useEffect(() => {
    latest.current = save;
  });
  useEffect(() => {
    if (!enabled || version === 0) return;
    const timer = window.setTimeout(() => {
      latest.current().catch(() => undefined);
    }, AUTOSAVE_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [version, enabled]);
}
