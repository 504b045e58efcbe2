import { useEffect, useState } from 'react';

/**
 * Whole seconds left until `deadline` (epoch ms); 0 once passed or without a deadline.
 * Computed at render from the clock (a stored value would read 0 for one render
 * after a new deadline arrives); the interval only makes it render every second.
 */
export function useCountdown(deadline: number | null): number {
  const [, setTick] = useState(0);

  useEffect(() => {
    if (deadline === null) return;
    const timer = window.setInterval(() => setTick((n) => n + 1), 1000);
    return () => window.clearInterval(timer);
  }, [deadline]);

  return deadline === null ? 0 : Math.max(0, Math.ceil((deadline - Date.now()) / 1000));
}

export function formatMinutesSeconds(totalSeconds: number): string {
  const minutes = Math.floor(totalSeconds / 60);
  const seconds = totalSeconds % 60;
  return `${minutes}:${String(seconds).padStart(2, '0')}`;
}
