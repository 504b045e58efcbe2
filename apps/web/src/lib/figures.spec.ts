import { describe, expect, it } from '@jest/globals';
import {
  formatDayMonth,
  formatDecimal,
  formatDurationMinutes,
  formatDurationSeconds,
  formatPercent,
  formatSignedChange,
  NO_DATA,
} from './figures';

describe('formatPercent', () => {
  it('rounds to one decimal and drops a trailing .0', () => {
    expect(formatPercent(72)).toBe('72%');
    expect(formatPercent(72.46)).toBe('72.5%');
    expect(formatPercent(99.96)).toBe('100%');
    expect(formatPercent(33.333)).toBe('33.3%');
    expect(formatPercent(0)).toBe('0%');
    expect(formatPercent(-0.01)).toBe('0%');
  });
  it('answers NO_DATA for nothing', () => {
    expect(formatPercent(null)).toBe(NO_DATA);
    expect(formatPercent(undefined)).toBe(NO_DATA);
    expect(formatPercent(Number.NaN)).toBe(NO_DATA);
    expect(NO_DATA).toBe('\u2014');
  });
});

describe('formatDecimal', () => {
  it('writes at most one decimal', () => {
    expect(formatDecimal(4)).toBe('4');
    expect(formatDecimal(4.449)).toBe('4.4');
    expect(formatDecimal(null)).toBe(NO_DATA);
  });
});

describe('durations', () => {
  it('writes seconds under a minute, never a zero for a positive time', () => {
    expect(formatDurationSeconds(45)).toBe('45 sec');
    expect(formatDurationSeconds(0.2)).toBe('1 sec');
    expect(formatDurationSeconds(0)).toBe('0 sec');
  });
  it('writes minutes and seconds under an hour, hours and minutes beyond', () => {
    expect(formatDurationSeconds(80)).toBe('1 min 20 sec');
    expect(formatDurationSeconds(180)).toBe('3 min');
    expect(formatDurationSeconds(3900)).toBe('1 hr 5 min');
    expect(formatDurationSeconds(7200)).toBe('2 hr');
  });
  it('takes minutes as the API answers them', () => {
    expect(formatDurationMinutes(0.75)).toBe('45 sec');
    expect(formatDurationMinutes(1.17)).toBe('1 min 10 sec');
    expect(formatDurationMinutes(12)).toBe('12 min');
    expect(formatDurationMinutes(null)).toBe(NO_DATA);
    expect(formatDurationSeconds(-3)).toBe(NO_DATA);
  });
});

describe('formatSignedChange', () => {
  it('signs and tones a change', () => {
    expect(formatSignedChange(4.46)).toEqual({ text: '+4.5', tone: 'up' });
    expect(formatSignedChange(-3)).toEqual({ text: '\u22123', tone: 'down' });
    expect(formatSignedChange(0.01)).toEqual({ text: '0', tone: 'flat' });
    expect(formatSignedChange(null)).toEqual({ text: NO_DATA, tone: 'none' });
  });
});

describe('formatDayMonth', () => {
  it('writes a day and a month', () => {
    expect(formatDayMonth('2026-03-02')).toBe('Mar 2');
    expect(formatDayMonth('not a date')).toBe('not a date');
  });
});
