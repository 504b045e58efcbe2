import type { EntityManager } from 'typeorm';
import { queryRows } from '@lp/service-kit';

/** A learner of the mentor: their sessions with the mentor counted, and the mentor's progress record of them. */
export interface MenteeRow {
  mentee_id: string;
  name: string | null;
  email: string | null;
  profile_image: string | null;
  total_sessions: number;
  completed_sessions: number;
  completed_minutes: number;
  last_session: Date | null;
  goals: string[] | null;
  skills_developed: string[] | null;
  areas_for_improvement: string[] | null;
  next_milestones: string[] | null;
  progress_notes: string | null;
  progress_updated_at: Date | null;
  active: boolean;
}

/** Every learner with a session with the mentor (bookings released unpaid left out), with the progress record; `menteeId` narrows to one. */
export function menteeRows(db: EntityManager, mentorId: string, menteeId?: string): Promise<MenteeRow[]> {
  return queryRows<MenteeRow>(
    db,
    `SELECT s.mentee_id, u.name, u.email, u.profile_image,
            count(*)::int AS total_sessions,
            count(*) FILTER (WHERE s.status = 'completed')::int AS completed_sessions,
            coalesce(sum(s.duration_minutes) FILTER (WHERE s.status = 'completed'), 0)::int AS completed_minutes,
            max(s.starts_at) FILTER (WHERE s.starts_at <= now() AND s.status IN ('completed', 'no_show', 'confirmed')) AS last_session,
            bool_or(s.status IN ('scheduled', 'confirmed') OR (s.status = 'completed' AND s.starts_at > now() - interval '30 days')) AS active,
            p.goals, p.skills_developed, p.areas_for_improvement, p.next_milestones, p.progress_notes, p.updated_at AS progress_updated_at
       FROM sessions s
       LEFT JOIN users u ON u.id = s.mentee_id
       LEFT JOIN mentee_progress p ON p.mentor_id = s.mentor_id AND p.mentee_id = s.mentee_id
      WHERE s.mentor_id = $1 AND NOT (s.status = 'cancelled' AND s.confirmed_at IS NULL)
        AND ($2::uuid IS NULL OR s.mentee_id = $2)
      GROUP BY s.mentee_id, u.name, u.email, u.profile_image, p.goals, p.skills_developed, p.areas_for_improvement, p.next_milestones, p.progress_notes, p.updated_at
      ORDER BY max(s.starts_at) DESC`,
    [mentorId, menteeId ?? null],
  );
}
