import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { PortalMembershipEntity, type AccessLevel } from '../../entities/portal-membership.entity.js';

export interface MembershipGrant {
  institutionId: string;
  institutionName: string;
  subdomain: string | null;
  userId: string;
  role: string;
  accessLevel: AccessLevel;
  permissions: string[];
}

/** Data access for the `portal_memberships` read model. */
@Injectable()
export class PortalsRepository {
  constructor(@Inject(DataSource) private readonly ds: DataSource) {}

  private repo(tx?: EntityManager) {
    return (tx ?? this.ds.manager).getRepository(PortalMembershipEntity);
  }

  listForUser(userId: string, tx?: EntityManager): Promise<PortalMembershipEntity[]> {
    return this.repo(tx).find({ where: { userId }, order: { isPrimary: 'DESC', institutionName: 'ASC' } });
  }

  find(institutionId: string, userId: string, tx?: EntityManager): Promise<PortalMembershipEntity | null> {
    return this.repo(tx).findOneBy({ institutionId, userId });
  }

  /** Inserts or updates one membership; a user's first membership becomes their primary one. */
  async upsert(tx: EntityManager, g: MembershipGrant): Promise<void> {
    await tx.query(
      `INSERT INTO portal_memberships (institution_id, user_id, institution_name, subdomain, role, access_level, permissions, is_primary)
       VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb, NOT EXISTS (SELECT 1 FROM portal_memberships WHERE user_id = $2 AND is_primary))
       ON CONFLICT (institution_id, user_id) DO UPDATE
         SET role = EXCLUDED.role, access_level = EXCLUDED.access_level, permissions = EXCLUDED.permissions,
             institution_name = EXCLUDED.institution_name, subdomain = EXCLUDED.subdomain, updated_at = now()`,
      [g.institutionId, g.userId, g.institutionName, g.subdomain, g.role, g.accessLevel, JSON.stringify(g.permissions)],
    );
  }

  /**
   * Changes of one user's portals queue up until the transaction ends: which portal is primary
   * is decided over all of them, so two institutions' events for one user must not interleave.
   */
  async lockUser(tx: EntityManager, userId: string): Promise<void> {
    await tx.query(`SELECT pg_advisory_xact_lock(hashtext('portals:' || $1::text))`, [userId]);
  }

  /**
   * Records that a member event of this instant is applied, unless a newer one of the same
   * (institution, user) already was: false means the event is stale and must change nothing.
   */
  async advanceMemberVersion(tx: EntityManager, institutionId: string, userId: string, changedAt: Date): Promise<boolean> {
    const rows: unknown[] = await tx.query(
      `INSERT INTO portal_member_versions (institution_id, user_id, changed_at) VALUES ($1, $2, $3)
       ON CONFLICT (institution_id, user_id) DO UPDATE SET changed_at = EXCLUDED.changed_at
         WHERE portal_member_versions.changed_at < EXCLUDED.changed_at
       RETURNING 1`,
      [institutionId, userId, changedAt],
    );
    return rows.length > 0;
  }

  /** Removes a portal; when it was the user's primary one, their oldest remaining portal becomes primary. */
  async remove(tx: EntityManager, institutionId: string, userId: string): Promise<void> {
    const removed: Array<{ is_primary: boolean }> = await tx.query(
      // a DELETE's own result is [rows, count] through TypeORM; the CTE answers rows as a SELECT does
      'WITH gone AS (DELETE FROM portal_memberships WHERE institution_id = $1 AND user_id = $2 RETURNING is_primary) SELECT is_primary FROM gone',
      [institutionId, userId],
    );
    if (!removed[0]?.is_primary) return;
    await tx.query(
      `UPDATE portal_memberships SET is_primary = true, updated_at = now()
        WHERE (institution_id, user_id) = (
          SELECT institution_id, user_id FROM portal_memberships WHERE user_id = $1
           ORDER BY created_at, institution_name, institution_id LIMIT 1)`,
      [userId],
    );
  }

  /** The user's live sessions scoped to this institution (switch-portal, sign-in to the primary portal). */
  async scopedSessionIds(tx: EntityManager, institutionId: string, userId: string): Promise<string[]> {
    const rows: Array<{ id: string }> = await tx.query(
      'SELECT id FROM sessions WHERE user_id = $1 AND institution_id = $2 AND revoked_at IS NULL AND expires_at > now()',
      [userId, institutionId],
    );
    return rows.map((r) => r.id);
  }

  /** An institution's new name and subdomain, on every member's portal of it. */
  async renameInstitution(tx: EntityManager, institutionId: string, name: string, subdomain: string | null): Promise<void> {
    await tx.query(
      `UPDATE portal_memberships SET institution_name = $2, subdomain = $3, updated_at = now()
        WHERE institution_id = $1 AND (institution_name, subdomain) IS DISTINCT FROM ($2, $3)`,
      [institutionId, name, subdomain],
    );
  }
}
