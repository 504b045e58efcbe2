/** Spec 9: the countdown is re-read every second. */
export const TIMER_TICK_MS = 1000;
/** Spec 9: progress is saved 5 seconds after the answers last changed. */
export const AUTOSAVE_DELAY_MS = 5000;
/** Spec 9: the timer turns to a warning with 25 % of the limit left, critical with 10 %. */
export const TIMER_WARNING_SHARE = 0.25;
export const TIMER_CRITICAL_SHARE = 0.1;

export type CountdownTone = 'normal' | 'warning' | 'critical';

/** The timer's state for `remaining` seconds out of a `limit` of seconds (no limit: always normal). */
export function countdownTone(remaining: number, limit: number): CountdownTone {
  if (!(limit > 0)) return 'normal';
  const share = remaining / limit;
  if (share <= TIMER_CRITICAL_SHARE) return 'critical';
  if (share <= TIMER_WARNING_SHARE) return 'warning';
  return 'normal';
}

/**
 * How far the server's clock is ahead of this browser's, from one answer: its `server_now`
 * against the local time when the answer arrived. A wrong local clock then cannot give the
 * learner more (or less) time than the server will accept.
 */
export function clockOffsetMs(serverNowIso: string, localReceivedAtMs: number): number {
  const server = Date.parse(serverNowIso);
  return Number.isFinite(server) ? server - localReceivedAtMs : 0;
}

/** Whole seconds left until `deadlineIso` on the server's clock, never below zero; null without a deadline. */
export function secondsLeft(deadlineIso: string | null, offsetMs: number, localNowMs: number): number | null {
  if (!deadlineIso) return null;
  const deadline = Date.parse(deadlineIso);
  if (!Number.isFinite(deadline)) return null;
  return Math.max(0, Math.ceil((deadline - (localNowMs + offsetMs)) / 1000));
}

/** 75 -> "01:15", 3725 -> "1:02:05". */
export function formatClock(totalSeconds: number): string {
  const s = Math.max(0, Math.floor(totalSeconds));
  const hours = Math.floor(s / 3600);
  const minutes = Math.floor((s % 3600) / 60);
  const seconds = s % 60;
  const mm = String(minutes).padStart(2, '0');
  const ss = String(seconds).padStart(2, '0');
  return hours > 0 ? `${hours}:${mm}:${ss}` : `${mm}:${ss}`;
}
