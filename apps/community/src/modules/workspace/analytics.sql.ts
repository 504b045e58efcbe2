import { queryOne, queryRows, type Db } from '@lp/service-kit';

/** How many calendar weeks the Analytics chart shows, the current one last. */
const WEEKS = 8;

export interface WeekActivity {
  week_start: string;
  members_joined: number;
  messages: number;
  posts: number;
}

/**
 * A group's activity per calendar week (from Monday, UTC) over the last WEEKS weeks up to
 * `now`. One aggregate per figure, as the dashboards do.
 */
export function weeklyActivity(db: Db, groupId: string, now: Date): Promise<WeekActivity[]> {
  return queryRows<WeekActivity>(
    db,
    `WITH weeks AS (
       SELECT generate_series(date_trunc('week', $2::timestamptz AT TIME ZONE 'UTC') - interval '${WEEKS - 1} weeks',
                              date_trunc('week', $2::timestamptz AT TIME ZONE 'UTC'), interval '1 week') AS s
     )
     SELECT to_char(w.s, 'YYYY-MM-DD') AS week_start,
       (SELECT count(*) FROM group_members m WHERE m.group_id = $1
          AND m.joined_at AT TIME ZONE 'UTC' >= w.s AND m.joined_at AT TIME ZONE 'UTC' < w.s + interval '1 week') AS members_joined,
       (SELECT count(*) FROM group_messages g WHERE g.group_id = $1
          AND g.created_at AT TIME ZONE 'UTC' >= w.s AND g.created_at AT TIME ZONE 'UTC' < w.s + interval '1 week') AS messages,
       (SELECT count(*) FROM group_forum_posts p WHERE p.group_id = $1
          AND p.created_at AT TIME ZONE 'UTC' >= w.s AND p.created_at AT TIME ZONE 'UTC' < w.s + interval '1 week') AS posts
     FROM weeks w ORDER BY w.s`,
    [groupId, now],
  );
}

export interface GroupFigures {
  /** members who joined in the 7 days up to `now`, and in the 7 days before those */
  last7: number;
  prev7: number;
  /** members who wrote, posted, uploaded or organised something in the last 7 days */
  active: number;
  /** invitations still open */
  pending: number;
}

/** The group's headline figures at `now`, in one statement. */
export async function groupFigures(db: Db, groupId: string, now: Date): Promise<GroupFigures> {
  return (await queryOne<GroupFigures>(
    db,
    `SELECT
       (SELECT count(*) FROM group_members WHERE group_id = $1 AND joined_at > $2::timestamptz - interval '7 days' AND joined_at <= $2) AS last7,
       (SELECT count(*) FROM group_members WHERE group_id = $1
          AND joined_at > $2::timestamptz - interval '14 days' AND joined_at <= $2::timestamptz - interval '7 days') AS prev7,
       (SELECT count(*) FROM group_members m WHERE m.group_id = $1 AND (
          EXISTS (SELECT 1 FROM group_messages x WHERE x.group_id = $1 AND x.author_id = m.user_id AND x.created_at > $2::timestamptz - interval '7 days')
          OR EXISTS (SELECT 1 FROM group_forum_posts x WHERE x.group_id = $1 AND x.author_id = m.user_id AND x.created_at > $2::timestamptz - interval '7 days')
          OR EXISTS (SELECT 1 FROM group_files x WHERE x.group_id = $1 AND x.uploader_id = m.user_id AND x.uploaded_at > $2::timestamptz - interval '7 days')
          OR EXISTS (SELECT 1 FROM group_events x WHERE x.group_id = $1 AND x.organizer_id = m.user_id AND x.created_at > $2::timestamptz - interval '7 days'))) AS active,
       (SELECT count(*) FROM group_invitations WHERE group_id = $1 AND status = 'pending' AND expires_at > $2) AS pending`,
    [groupId, now],
  ))!;
}
