import { useEffect, useRef, useState } from 'react';
import { clockOffsetMs, secondsLeft, TIMER_TICK_MS } from './countdown';

interface CountdownInput {
  /** the session's deadline on the server's clock; null: no time limit */
  deadlineAt: string | null;
  /** the server's clock in the answer that carried the deadline */
  serverNow: string;
  /** when that answer arrived here (Date.now()) */
  receivedAt: number;
  /** false once submitted: the clock stops and never expires again */
  running: boolean;
  /** called once when the countdown reaches zero */
  onExpire: () => void;
}

/**
 * Seconds left in a timed session, re-read every second (spec 9) from the server's deadline
 * corrected by the local clock's offset, so a reload resumes the same countdown instead of
 * restarting it. Null without a time limit.
 */
export function useCountdown({ deadlineAt, serverNow, receivedAt, running, onExpire }: CountdownInput): number | null {
  const offset = clockOffsetMs(serverNow, receivedAt);
  const [left, setLeft] = useState(() => secondsLeft(deadlineAt, offset, Date.now()));
  const expire = useRef(onExpire);
  const expired = useRef(false);
  useEffect(() => {
    expire.current = onExpire;
  });

  useEffect(() => {
    expired.current = false;
    const tick = () => {
      const next = secondsLeft(deadlineAt, offset, Date.now());
      setLeft(next);
      if (next === 0 && !expired.current) {
        expired.current = true;
        expire.current();
      }
    };
    tick();
    if (!running || deadlineAt === null) return;
    const timer = window.setInterval(tick, TIMER_TICK_MS);
    return () => window.clearInterval(timer);
  }, [deadlineAt, offset, running]);

  return left;
}
