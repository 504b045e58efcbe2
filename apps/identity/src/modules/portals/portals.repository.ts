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
}
