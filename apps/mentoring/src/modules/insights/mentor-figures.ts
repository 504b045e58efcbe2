import {
  TIMEFRAME_DAYS,
  WEEKDAYS,
  money,
  type BusinessIntelligence,
  type Currency,
  type MentorAnalytics,
  type SessionStatus,
  type Timeframe,
} from '@lp/contracts';
import { offsetMinutes } from '../sessions/zoned-time.js';

/**
 * The mentor's dashboard figures, computed from the mentor's own sessions (pure: the service
 * loads, this counts). Definitions are written beside each figure in libs/contracts
 * (MentorAnalyticsSchema, BusinessIntelligenceSchema) and in docs/architecture.md.
 */

export interface FigSession {
  menteeId: string;
  status: SessionStatus;
  startsAt: Date;
  durationMinutes: number;
  amountMinor: number;
  rating: number | null;
  ratedAt: Date | null;
  /** cancelled after payment (refunded or not) rather than released unpaid */
  paid: boolean;
}

const DAY = 86_400_000;
const round1 = (n: number) => Math.round(n * 10) / 10;
const mean = (xs: number[]): number | null => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : null);

/** the local hour (0-23) and weekday (0 = Sunday) of an instant in a time zone */
export function localHourAndDay(at: Date, timeZone: string): { hour: number; weekday: number } {
  const local = new Date(at.getTime() + offsetMinutes(at.getTime(), timeZone) * 60_000);
  return { hour: local.getUTCHours(), weekday: local.getUTCDay() };
}

const held = (s: FigSession) => s.status === 'confirmed' || s.status === 'completed' || s.status === 'no_show';
const due = (s: FigSession) => s.status === 'completed' || s.status === 'no_show' || (s.status === 'cancelled' && s.paid);
const revenueOf = (xs: FigSession[]) =>
  xs.filter((s) => s.status === 'completed' || s.status === 'confirmed' || s.status === 'no_show').reduce((a, s) => a + s.amountMinor, 0);

export interface Window {
  from: Date;
  to: Date;
  previousFrom: Date;
}
export const windowOf = (timeframe: Timeframe, now: Date): Window => {
  const days = TIMEFRAME_DAYS[timeframe];
  return { from: new Date(now.getTime() - days * DAY), to: now, previousFrom: new Date(now.getTime() - 2 * days * DAY) };
};
const inRange = (s: FigSession, from: Date, to: Date) => s.startsAt >= from && s.startsAt < to;

function peakHours(xs: FigSession[], timeZone: string, top: number): Array<{ hour: number; sessions: number }> {
  const counts = new Map<number, number>();
  for (const s of xs) {
    const { hour } = localHourAndDay(s.startsAt, timeZone);
    counts.set(hour, (counts.get(hour) ?? 0) + 1);
  }
  return [...counts]
    .sort((a, b) => b[1] - a[1] || a[0] - b[0])
    .slice(0, top)
    .map(([hour, sessions]) => ({ hour, sessions }));
}

/** Buckets for the charts: weeks for up to 90 days, months for a year. */
function buckets(w: Window, timeframe: Timeframe): Array<{ start: Date; end: Date; label: string }> {
  const out: Array<{ start: Date; end: Date; label: string }> = [];
  if (timeframe === '1year') {
    const d = new Date(Date.UTC(w.from.getUTCFullYear(), w.from.getUTCMonth(), 1));
    while (d < w.to) {
      const next = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1));
      out.push({ start: new Date(d), end: next, label: d.toISOString().slice(0, 7) });
      d.setTime(next.getTime());
    }
    return out;
  }
  const step = timeframe === '7days' ? DAY : 7 * DAY;
  for (let t = w.from.getTime(); t < w.to.getTime(); t += step)
    out.push({ start: new Date(t), end: new Date(Math.min(t + step, w.to.getTime())), label: new Date(t).toISOString().slice(0, 10) });
  return out;
}

export function mentorAnalytics(
  all: FigSession[],
  o: { timeframe: Timeframe; now: Date; timeZone: string; currency: Currency; ratingTotal: number; ratingCount: number },
): MentorAnalytics {
  const w = windowOf(o.timeframe, o.now);
  const cur = all.filter((s) => inRange(s, w.from, w.to));
  const prev = all.filter((s) => inRange(s, w.previousFrom, w.from));
  const completed = cur.filter((s) => s.status === 'completed');
  const dueNow = cur.filter(due);
  const revenueNow = revenueOf(cur);
  const revenuePrev = revenueOf(prev);
  const last30 = all.filter((s) => inRange(s, new Date(o.now.getTime() - 30 * DAY), o.now));
  const ratedIn = (from: Date, to: Date) =>
    all.filter((s) => s.rating !== null && s.ratedAt && s.ratedAt >= from && s.ratedAt < to).map((s) => s.rating!);
  const [ratingsNow, ratingsPrev] = [mean(ratedIn(w.from, w.to)), mean(ratedIn(w.previousFrom, w.from))];
  const upcoming = all.filter((s) => (s.status === 'scheduled' || s.status === 'confirmed') && s.startsAt >= o.now);
  const activeMentees = new Set([...cur.filter(held), ...upcoming].map((s) => s.menteeId));
  const weeks = TIMEFRAME_DAYS[o.timeframe] / 7;
  const m = (minor: number) => money(minor, o.currency);
  return {
    timeframe: o.timeframe,
    window: { from: w.from.toISOString(), to: w.to.toISOString(), previous_from: w.previousFrom.toISOString() },
    currency: o.currency,
    overview: {
      total_sessions: completed.length,
      total_earnings: m(completed.reduce((a, s) => a + s.amountMinor, 0)),
      avg_rating: o.ratingCount ? round1(o.ratingTotal / o.ratingCount) : 0,
      active_mentees: activeMentees.size,
      success_rate: dueNow.length ? round1((completed.length / dueNow.length) * 100) : null,
      monthly_revenue: m(revenueOf(last30)),
      peak_hours: peakHours(cur.filter(held), o.timeZone, 3),
    },
    performance_trends: {
      earnings_growth: revenuePrev > 0 ? round1(((revenueNow - revenuePrev) / revenuePrev) * 100) : null,
      weekly_sessions: round1(completed.length / weeks),
      rating_trend: ratingsNow !== null && ratingsPrev !== null ? round1(ratingsNow - ratingsPrev) : null,
    },
    session_breakdown: {
      completed: completed.length,
      cancelled: cur.filter((s) => s.status === 'cancelled').length,
      no_show: cur.filter((s) => s.status === 'no_show').length,
      upcoming: upcoming.length,
    },
    revenue: {
      total: m(revenueNow),
      monthly: m(revenueOf(last30)),
      average_per_session: m(completed.length ? Math.round(completed.reduce((a, s) => a + s.amountMinor, 0) / completed.length) : 0),
    },
    series: buckets(w, o.timeframe).map((b) => {
      const xs = all.filter((s) => inRange(s, b.start, b.end));
      const r = mean(xs.filter((s) => s.rating !== null).map((s) => s.rating!));
      return {
        period_start: b.label,
        completed: xs.filter((s) => s.status === 'completed').length,
        cancelled: xs.filter((s) => s.status === 'cancelled').length,
        revenue_minor: revenueOf(xs),
        avg_rating: r === null ? null : round1(r),
      };
    }),
  };
}

const SERVICE_NAMES: Record<number, string> = {
  30: '30-minute session',
  60: '1-hour session',
  90: '90-minute session',
  120: '2-hour session',
};
const dayName = (d: number) => WEEKDAYS[d]![0]!.toUpperCase() + WEEKDAYS[d]!.slice(1);

export interface BusinessInputs {
  timeframe: Timeframe;
  now: Date;
  timeZone: string;
  currency: Currency;
  hourlyRateMinor: number;
  ratingTotal: number;
  ratingCount: number;
  isAcceptingBookings: boolean;
  openingsCount: number;
  bio: string;
  expertiseCount: number;
  /** the median hourly rate of other mentors sharing an expertise area, same currency */
  marketMedianMinor: number | null;
}

/** Pricing, demand, retention and the rules over them (each recommendation says which figure triggered it). */
export function businessIntelligence(all: FigSession[], o: BusinessInputs): BusinessIntelligence {
  const w = windowOf(o.timeframe, o.now);
  const cur = all.filter((s) => inRange(s, w.from, w.to));
  const booked = cur.filter((s) => s.status !== 'cancelled' || s.paid);
  const m = (minor: number) => money(minor, o.currency);
  const byLength = new Map<number, FigSession[]>();
  for (const s of booked) byLength.set(s.durationMinutes, [...(byLength.get(s.durationMinutes) ?? []), s]);
  const hours = new Map<number, number>();
  const days = new Map<number, number>();
  for (const s of booked) {
    const { hour, weekday } = localHourAndDay(s.startsAt, o.timeZone);
    hours.set(hour, (hours.get(hour) ?? 0) + 1);
    days.set(weekday, (days.get(weekday) ?? 0) + 1);
  }
  // mentees over all time: retention is about coming back
  const perMentee = new Map<string, number>();
  for (const s of all.filter((x) => x.status === 'completed' || x.status === 'confirmed' || x.status === 'no_show'))
    perMentee.set(s.menteeId, (perMentee.get(s.menteeId) ?? 0) + 1);
  const totalMentees = perMentee.size;
  const repeat = [...perMentee.values()].filter((n) => n > 1).length;
  const retention = totalMentees ? round1((repeat / totalMentees) * 100) : 0;
  const dueNow = cur.filter(due);
  const completedNow = cur.filter((s) => s.status === 'completed').length;
  const success = dueNow.length ? (completedNow / dueNow.length) * 100 : null;
  const rating = o.ratingCount ? o.ratingTotal / o.ratingCount : null;
  const peakDays = [...days].sort((a, b) => b[1] - a[1] || a[0] - b[0]);

  const opportunities: BusinessIntelligence['optimization_opportunities'] = [];
  const recommendations: BusinessIntelligence['growth_recommendations'] = [];
  if (o.openingsCount === 0)
    opportunities.push({
      type: 'Availability',
      suggestion: 'Set your weekly schedule: learners can only book the times you open',
      impact: 'High',
      metric: '0 weekly openings',
    });
  if (!o.isAcceptingBookings)
    opportunities.push({
      type: 'Bookings',
      suggestion: 'You are not taking bookings: switch bookings on in your profile when you are ready',
      impact: 'High',
      metric: 'Bookings switched off',
    });
  if (success !== null && dueNow.length >= 5 && success < 80)
    opportunities.push({
      type: 'Reliability',
      suggestion: 'Many sessions were cancelled or missed: send a reminder the day before and keep your schedule current',
      impact: 'High',
      metric: `Success rate ${round1(success)}% of ${dueNow.length} due sessions`,
    });
  if (booked.length >= 5 && peakDays[0] && peakDays[0][1] / booked.length > 0.4)
    opportunities.push({
      type: 'Demand',
      suggestion: `Most bookings fall on ${dayName(peakDays[0][0])}: open more time that day`,
      impact: 'Medium',
      metric: `${Math.round((peakDays[0][1] / booked.length) * 100)}% of ${booked.length} bookings on ${dayName(peakDays[0][0])}`,
    });
  if (o.marketMedianMinor !== null && o.marketMedianMinor > 0) {
    const ratio = o.hourlyRateMinor / o.marketMedianMinor;
    if (ratio < 0.7 && rating !== null && rating >= 4.5 && o.ratingCount >= 3)
      opportunities.push({
        type: 'Pricing',
        suggestion: 'Your rating is high and your rate below the market: consider raising it',
        impact: 'Medium',
        metric: `Rate ${Math.round(ratio * 100)}% of the median of mentors in your areas; rating ${round1(rating)}`,
      });
    else if (ratio > 1.5 && booked.length < 3)
      opportunities.push({
        type: 'Pricing',
        suggestion: 'Your rate is well above the market and bookings are few: a lower rate or a shorter session may help',
        impact: 'Medium',
        metric: `Rate ${Math.round(ratio * 100)}% of the median; ${booked.length} bookings in the period`,
      });
  }
  if (rating !== null && o.ratingCount >= 3 && rating < 4)
    recommendations.push({
      area: 'Quality',
      action: 'Ask your mentees what would help more and agree on goals at the start of each session',
      priority: 'High',
      metric: `Average rating ${round1(rating)} from ${o.ratingCount} ratings`,
    });
  if (totalMentees >= 5 && retention < 30)
    recommendations.push({
      area: 'Retention',
      action: 'Propose a follow-up session with clear next goals at the end of each session',
      priority: 'Medium',
      metric: `${retention}% of ${totalMentees} mentees came back`,
    });
  if (o.bio.trim().length < 80 || o.expertiseCount < 2)
    recommendations.push({
      area: 'Profile',
      action: 'Write a fuller bio and list the areas you mentor in: learners choose from them',
      priority: 'Medium',
      metric: `Bio of ${o.bio.trim().length} characters, ${o.expertiseCount} expertise area(s)`,
    });
  if (booked.length === 0)
    recommendations.push({
      area: 'Visibility',
      action: 'Share your profile link and open times in the evening and at weekends, when learners book most',
      priority: 'Low',
      metric: 'No bookings in the period',
    });

  return {
    timeframe: o.timeframe,
    currency: o.currency,
    pricing_analysis: {
      current_rates: [...byLength]
        .sort((a, b) => a[0] - b[0])
        .map(([minutes, xs]) => ({
          service: SERVICE_NAMES[minutes] ?? `${minutes}-minute session`,
          duration_minutes: minutes,
          hourly_rate: m(o.hourlyRateMinor),
          bookings: xs.length,
          revenue: m(revenueOf(xs)),
        })),
      market_median_rate: o.marketMedianMinor === null ? null : m(o.marketMedianMinor),
    },
    demand_patterns: {
      peak_hours: [...hours]
        .sort((a, b) => b[1] - a[1] || a[0] - b[0])
        .slice(0, 5)
        .map(([hour, bookings]) => ({ hour, bookings })),
      peak_days: peakDays.map(([d, bookings]) => ({ day: dayName(d), bookings })),
    },
    optimization_opportunities: opportunities,
    mentee_insights: {
      total_mentees: totalMentees,
      repeat_mentees: repeat,
      retention_rate: retention,
      avg_sessions_per_mentee: totalMentees ? round1([...perMentee.values()].reduce((a, b) => a + b, 0) / totalMentees) : 0,
    },
    growth_recommendations: recommendations,
  };
}
