import { describe, expect, it } from '@jest/globals';
import { businessIntelligence, localHourAndDay, mentorAnalytics, type BusinessInputs, type FigSession } from './mentor-figures.js';

const NOW = new Date('2030-06-30T12:00:00Z');
const daysAgo = (d: number, hour = 10) => new Date(Date.UTC(2030, 5, 30 - d, hour));
const s = (over: Partial<FigSession>): FigSession => ({
  menteeId: 'a',
  status: 'completed',
  startsAt: daysAgo(1),
  durationMinutes: 60,
  amountMinor: 5000,
  rating: null,
  ratedAt: null,
  paid: true,
  ...over,
});
const base = { now: NOW, timeZone: 'UTC', currency: 'USD' as const, ratingTotal: 9, ratingCount: 2 };

describe('mentor analytics', () => {
  const sessions = [
    s({ menteeId: 'a', startsAt: daysAgo(2), rating: 5, ratedAt: daysAgo(2) }),
    s({ menteeId: 'b', startsAt: daysAgo(3, 14) }),
    s({ menteeId: 'c', status: 'cancelled', startsAt: daysAgo(4), paid: true }),
    s({ menteeId: 'd', status: 'cancelled', startsAt: daysAgo(5), paid: false }),
    s({ menteeId: 'e', status: 'no_show', startsAt: daysAgo(6) }),
    s({ menteeId: 'f', status: 'confirmed', startsAt: new Date('2030-07-02T10:00:00Z') }),
    // the 30 days before: revenue 2 x 5000, a rating of 3
    s({ menteeId: 'a', startsAt: daysAgo(40), rating: 3, ratedAt: daysAgo(40) }),
    s({ menteeId: 'g', startsAt: daysAgo(45) }),
  ];

  it('counts the window: completed, success among due sessions (unpaid releases not due), revenue and its growth, trends, breakdown', () => {
    const a = mentorAnalytics(sessions, { ...base, timeframe: '30days' });
    expect(a.overview).toMatchObject({
      total_sessions: 2,
      total_earnings: { amount_minor: 10_000 },
      avg_rating: 4.5,
      active_mentees: 4,
      success_rate: 50,
    });
    // completed 2 + no-show 1 = 15000 this window vs 10000 before
    expect(a.performance_trends).toEqual({ earnings_growth: 50, weekly_sessions: 0.5, rating_trend: 2 });
    expect(a.session_breakdown).toEqual({ completed: 2, cancelled: 2, no_show: 1, upcoming: 1 });
    expect(a.revenue).toMatchObject({ total: { amount_minor: 15_000 }, average_per_session: { amount_minor: 5000 } });
    expect(a.overview.peak_hours[0]).toEqual({ hour: 10, sessions: 2 });
    expect(a.series.length).toBeGreaterThanOrEqual(4);
    expect(a.series.reduce((n, b) => n + b.completed, 0)).toBe(2);
  });

  it('says null, not 0, where there is nothing to compare', () => {
    const a = mentorAnalytics([], { ...base, timeframe: '7days', ratingTotal: 0, ratingCount: 0 });
    expect(a.overview.success_rate).toBeNull();
    expect(a.performance_trends).toEqual({ earnings_growth: null, weekly_sessions: 0, rating_trend: null });
    expect(a.series).toHaveLength(7);
    expect(mentorAnalytics([], { ...base, timeframe: '1year' }).series.length).toBeGreaterThanOrEqual(12);
  });

  it("reads hours and weekdays in the mentor's time zone", () => {
    expect(localHourAndDay(new Date('2030-06-30T22:30:00Z'), 'Africa/Addis_Ababa')).toEqual({ hour: 1, weekday: 1 });
  });
});

describe('business intelligence', () => {
  const inputs = (over: Partial<BusinessInputs> = {}): BusinessInputs => ({
    timeframe: '30days',
    now: NOW,
    timeZone: 'UTC',
    currency: 'USD',
    hourlyRateMinor: 3000,
    ratingTotal: 0,
    ratingCount: 0,
    isAcceptingBookings: true,
    openingsCount: 5,
    bio: 'x'.repeat(100),
    expertiseCount: 3,
    marketMedianMinor: null,
    ...over,
  });

  it('prices per session length, finds peak days and retention, and fires each rule with its figure', () => {
    const mondays = [1, 8, 15, 22].map((d) => new Date(Date.UTC(2030, 5, d + 2, 9))); // Mondays of June 2030
    const xs = [
      ...mondays.map((startsAt, i) => s({ menteeId: i < 2 ? 'a' : `m${i}`, startsAt })),
      s({ menteeId: 'z', startsAt: daysAgo(2), durationMinutes: 30, amountMinor: 1500 }),
      s({ menteeId: 'y', status: 'no_show', startsAt: daysAgo(3) }),
      s({ menteeId: 'x', status: 'cancelled', startsAt: daysAgo(4) }),
    ];
    const bi = businessIntelligence(xs, inputs({ hourlyRateMinor: 2000, marketMedianMinor: 4000, ratingTotal: 14, ratingCount: 3 }));
    expect(bi.pricing_analysis.current_rates.map((r) => [r.service, r.bookings])).toEqual([
      ['30-minute session', 1],
      ['1-hour session', 6],
    ]);
    expect(bi.demand_patterns.peak_days[0]).toEqual({ day: 'Monday', bookings: 4 });
    expect(bi.mentee_insights).toEqual({ total_mentees: 5, repeat_mentees: 1, retention_rate: 20, avg_sessions_per_mentee: 1.2 });
    expect(bi.optimization_opportunities.map((o) => o.type)).toEqual(['Reliability', 'Demand', 'Pricing']);
    expect(bi.optimization_opportunities[0]!.metric).toBe('Success rate 71.4% of 7 due sessions');
    expect(bi.optimization_opportunities[2]!.metric).toBe('Rate 50% of the median of mentors in your areas; rating 4.7');
    expect(bi.growth_recommendations.map((r) => r.area)).toEqual(['Retention']);
  });

  it('tells a new mentor to open times, switch bookings on and fill in the profile', () => {
    const bi = businessIntelligence([], inputs({ openingsCount: 0, isAcceptingBookings: false, bio: '', expertiseCount: 1 }));
    expect(bi.optimization_opportunities.map((o) => [o.type, o.impact])).toEqual([
      ['Availability', 'High'],
      ['Bookings', 'High'],
    ]);
    expect(bi.growth_recommendations.map((r) => r.area)).toEqual(['Profile', 'Visibility']);
  });
});
