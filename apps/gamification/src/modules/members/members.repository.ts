import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { MemberType } from '@lp/contracts';
import { queryOne, queryRows, type Db } from '@lp/service-kit';

/** Data access for institution_members (the read model of institution's members); no rules here. */
@Injectable()
export class MembersRepository {
  constructor(@Inject(DataSource) private readonly ds: DataSource) {}

  /** Whether the member counts on the institution's board: a member, not removed, not suspended, not one of its admins. */
  async isRanked(db: Db, institutionId: string, userId: string): Promise<boolean> {
    const row = await queryOne<{ ranked: boolean }>(
      db,
      `SELECT (NOT removed AND NOT is_suspended AND member_type <> 'admin') AS ranked
         FROM institution_members WHERE institution_id = $1 AND user_id = $2`,
      [institutionId, userId],
    );
    return row?.ranked ?? false;
  }

  /** Every member who counts on the institution's board. */
  async rankedMembers(institutionId: string): Promise<string[]> {
    const rows = await queryRows<{ user_id: string }>(
      this.ds,
      `SELECT user_id FROM institution_members
        WHERE institution_id = $1 AND NOT removed AND NOT is_suspended AND member_type <> 'admin'`,
      [institutionId],
    );
    return rows.map((r) => r.user_id);
  }

  /**
   * The member as the event says they are now; an event older than the one last applied (by its
   * time) changes nothing, so events of one member may arrive in any order.
   */
  async upsert(
    db: Db,
    m: { institutionId: string; userId: string; memberId: string; memberType: MemberType; isSuspended: boolean; changedAt: string },
  ): Promise<void> {
    await db.query(
      `INSERT INTO institution_members (institution_id, user_id, member_id, member_type, is_suspended, removed, changed_at)
       VALUES ($1, $2, $3, $4, $5, false, $6)
       ON CONFLICT (institution_id, user_id) DO UPDATE
          SET member_id = EXCLUDED.member_id, member_type = EXCLUDED.member_type, is_suspended = EXCLUDED.is_suspended,
              removed = false, changed_at = EXCLUDED.changed_at
        WHERE institution_members.changed_at <= EXCLUDED.changed_at`,
      [m.institutionId, m.userId, m.memberId, m.memberType, m.isSuspended, m.changedAt],
    );
  }

  /** Marks the member removed (kept as a row, so a late older "added" cannot bring them back). */
  async remove(db: Db, m: { institutionId: string; userId: string; memberId: string; removedAt: string }): Promise<void> {
    await db.query(
      `INSERT INTO institution_members (institution_id, user_id, member_id, member_type, is_suspended, removed, changed_at)
       VALUES ($1, $2, $3, 'student', false, true, $4)
       ON CONFLICT (institution_id, user_id) DO UPDATE SET removed = true, changed_at = EXCLUDED.changed_at
        WHERE institution_members.changed_at <= EXCLUDED.changed_at`,
      [m.institutionId, m.userId, m.memberId, m.removedAt],
    );
  }
}
