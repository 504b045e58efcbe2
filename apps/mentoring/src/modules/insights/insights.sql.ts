import type { EntityManager } from 'typeorm';
import type { Currency } from '@lp/contracts';
import { queryRows } from '@lp/service-kit';
import type { FigSession } from './mentor-figures.js';

/** The mentor's sessions starting from `since` (and every later one, upcoming included), as mentor-figures.ts counts them. */
export async function sessionsSince(db: EntityManager, mentorId: string, since: Date): Promise<FigSession[]> {
  const rows = await queryRows<{
    mentee_id: string;
    status: FigSession['status'];
    starts_at: Date;
    duration_minutes: number;
    amount_minor: number;
    rating: number | null;
    rated_at: Date | null;
    paid: boolean;
  }>(
    db,
    `SELECT mentee_id, status, starts_at, duration_minutes, amount_minor, rating, rated_at, (confirmed_at IS NOT NULL) AS paid
       FROM sessions WHERE mentor_id = $1 AND starts_at >= $2`,
    [mentorId, since],
  );
  return rows.map((r) => ({
    menteeId: r.mentee_id,
    status: r.status,
    startsAt: r.starts_at,
    durationMinutes: r.duration_minutes,
    amountMinor: r.amount_minor,
    rating: r.rating,
    ratedAt: r.rated_at,
    paid: r.paid,
  }));
}

/** The median hourly rate of other published mentors sharing an expertise area (case-insensitive), in the same currency; null without areas or such mentors. */
export async function marketMedianRate(db: EntityManager, mentorId: string, areas: string[], currency: Currency): Promise<number | null> {
  if (!areas.length) return null;
  const [row] = await queryRows<{ median: number | null }>(
    db,
    `SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY hourly_rate_minor)::int AS median
       FROM mentor_profiles
      WHERE is_published AND user_id <> $1 AND currency = $2
        AND EXISTS (SELECT 1 FROM unnest(expertise_areas) e WHERE lower(e) = ANY (SELECT lower(x) FROM unnest($3::text[]) x))`,
    [mentorId, currency, areas],
  );
  return row?.median ?? null;
}
