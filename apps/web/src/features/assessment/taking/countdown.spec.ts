import { describe, expect, it } from '@jest/globals';
import { clockOffsetMs, countdownTone, formatClock, secondsLeft } from './countdown';

describe('countdownTone', () => {
  it('is normal above a quarter of the limit left', () => {
    expect(countdownTone(600, 600)).toBe('normal');
    expect(countdownTone(151, 600)).toBe('normal');
  });
  it('warns at 25 % left and turns critical at 10 %', () => {
    expect(countdownTone(150, 600)).toBe('warning');
    expect(countdownTone(61, 600)).toBe('warning');
    expect(countdownTone(60, 600)).toBe('critical');
    expect(countdownTone(0, 600)).toBe('critical');
  });
  it('stays normal without a limit', () => {
    expect(countdownTone(0, 0)).toBe('normal');
  });
});

describe('secondsLeft', () => {
  const deadline = '2026-01-01T10:10:00.000Z';
  it('counts on the server clock: a browser 2 minutes slow still sees the server time left', () => {
    const receivedLocal = Date.parse('2026-01-01T09:58:00.000Z');
    const offset = clockOffsetMs('2026-01-01T10:00:00.000Z', receivedLocal);
    expect(offset).toBe(120_000);
    expect(secondsLeft(deadline, offset, receivedLocal)).toBe(600);
    expect(secondsLeft(deadline, offset, receivedLocal + 1_500)).toBe(599);
  });
  it('never goes below zero and is null without a deadline', () => {
    expect(secondsLeft(deadline, 0, Date.parse('2026-01-01T11:00:00.000Z'))).toBe(0);
    expect(secondsLeft(null, 0, Date.now())).toBeNull();
  });
  it('treats an unreadable server time as no offset', () => {
    expect(clockOffsetMs('not a date', 5)).toBe(0);
  });
});

describe('formatClock', () => {
  it('shows minutes and seconds, hours only when needed', () => {
    expect(formatClock(75)).toBe('01:15');
    expect(formatClock(0)).toBe('00:00');
    expect(formatClock(3725)).toBe('1:02:05');
    expect(formatClock(-3)).toBe('00:00');
  });
});
