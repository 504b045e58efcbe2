import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager, type Repository } from 'typeorm';
import { InstitutionEntity } from '../../entities/institution.entity.js';
import { SubdomainEntity } from '../../entities/subdomain.entity.js';
import { MemberEntity } from '../../entities/member.entity.js';
import { dropUndefined } from '../../common/patch.js';
import type { InstitutionRow } from './institution-view.js';

/** An institution's columns a route may change; undefined ones stay as they are. */
export type InstitutionPatch = Partial<
  Pick<
    InstitutionEntity,
    | 'name'
    | 'subdomain'
    | 'levelType'
    | 'levelName'
    | 'contactEmail'
    | 'contactPhone'
    | 'address'
    | 'country'
    | 'primaryColor'
    | 'secondaryColor'
    | 'customText'
    | 'logoUrl'
    | 'inheritBranding'
  >
>;

export type NewInstitution = Pick<
  InstitutionEntity,
  | 'id'
  | 'parentId'
  | 'pathIds'
  | 'hierarchyLevel'
  | 'organizationalLevel'
  | 'levelType'
  | 'name'
  | 'subdomain'
  | 'contactEmail'
  | 'contactPhone'
  | 'address'
  | 'country'
  | 'createdBy'
> &
  Partial<Pick<InstitutionEntity, 'levelName' | 'verificationStatus' | 'registrationNumber' | 'taxId' | 'inheritBranding' | 'tierName'>> & {
    /** `() => 'now()'`: the transaction's time, as the other timestamps of the row */
    verifiedAt?: Date | null | (() => string);
  };

/** A row of an institution's lineage for its portal's branding, the institution itself first. */
export interface BrandingRow {
  id: string;
  name: string;
  subdomain: string;
  logo_url: string | null;
  primary_color: string | null;
  secondary_color: string | null;
  custom_text: string | null;
  inherit_branding: boolean;
  verification_status: string;
}

/** Data access for `institutions` and `subdomains`; no rules here. Every method runs in the caller's transaction (row-level security). */
@Injectable()
export class InstitutionsRepository {
  constructor(@Inject(DataSource) private readonly ds: DataSource) {}

  private repo(tx?: EntityManager): Repository<InstitutionEntity> {
    return (tx ?? this.ds.manager).getRepository(InstitutionEntity);
  }

  find(tx: EntityManager, id: string): Promise<InstitutionEntity | null> {
    return this.repo(tx).findOneBy({ id });
  }

  /** The ids from the top down, itself last; null when the transaction does not see it. */
  async pathIds(tx: EntityManager, id: string): Promise<string[] | null> {
    const row = await this.repo(tx).findOne({ select: { id: true, pathIds: true }, where: { id } });
    return row?.pathIds ?? null;
  }

  /** Every institution the transaction sees. */
  async visibleIds(tx: EntityManager): Promise<string[]> {
    return (await this.repo(tx).find({ select: { id: true } })).map((r) => r.id);
  }

  /**
   * The contract's institution rows with their counts, any number of ids in one statement.
   * raw-sql: five correlated counts and the path's names per row; as one statement the view
   * costs one round trip for a whole list (the query builder would spell the same SQL in strings).
   */
  views(tx: EntityManager, ids: readonly string[]): Promise<InstitutionRow[]> {
    return tx.query(
      `SELECT i.*,
              (SELECT count(*) FROM institutions d WHERE i.id = ANY (d.path_ids) AND d.id <> i.id) AS subsidiary_count,
              (SELECT count(*) FROM members m WHERE m.institution_id = i.id AND m.member_type = 'student') AS total_students,
              (SELECT count(*) FROM members m WHERE m.institution_id = i.id AND m.member_type = 'faculty') AS total_faculty,
              -- the courses it owns and those assigned to it (a subsidiary's mostly come from above)
              (SELECT count(DISTINCT x.course_id) FROM (SELECT c.id AS course_id FROM courses c WHERE c.institution_id = i.id
                                                        UNION ALL SELECT a.course_id FROM course_assignments a WHERE a.institution_id = i.id) x) AS total_courses,
              (SELECT string_agg(a.name, ' > ' ORDER BY array_position(i.path_ids, a.id)) FROM institutions a WHERE a.id = ANY (i.path_ids)) AS path_names
         FROM institutions i WHERE i.id = ANY ($1::uuid[])
        ORDER BY i.hierarchy_level, i.name`,
      [ids],
    ) as Promise<InstitutionRow[]>;
  }

  /** A new institution and its entry in the platform-wide subdomains list. */
  async insert(tx: EntityManager, row: NewInstitution): Promise<void> {
    await tx.getRepository(SubdomainEntity).insert({ subdomain: row.subdomain, institutionId: row.id, name: row.name });
    await this.repo(tx).insert(row);
  }

  /** The one partial update: the given columns (undefined ones left as they are) and updated_at. */
  async patch(tx: EntityManager, id: string, fields: InstitutionPatch): Promise<void> {
    const set = dropUndefined(fields);
    if (!Object.keys(set).length) return;
    await this.repo(tx).update({ id }, set);
  }

  /** The public entry of an institution follows its name and subdomain. */
  async patchSubdomainEntry(
    tx: EntityManager,
    institutionId: string,
    fields: Partial<Pick<SubdomainEntity, 'name' | 'subdomain'>>,
  ): Promise<void> {
    const set = dropUndefined(fields);
    if (!Object.keys(set).length) return;
    await tx.getRepository(SubdomainEntity).update({ institutionId }, set);
  }

  /** The name of the institution holding a subdomain (the subdomains list is outside row-level security). */
  async subdomainHolder(tx: EntityManager, subdomain: string): Promise<string | null> {
    const row = await tx.getRepository(SubdomainEntity).findOneBy({ subdomain });
    return row?.name ?? null;
  }

  /** The platform admin's list: pending first, newest first, 1000 at most. */
  async idsForPlatformAdmin(tx: EntityManager, status: string | null): Promise<string[]> {
    const q = this.repo(tx).createQueryBuilder('i').select('i.id', 'id');
    if (status) q.where('i.verification_status = :status', { status });
    const rows = await q
      .orderBy(`(i.verification_status = 'pending')`, 'DESC')
      .addOrderBy('i.created_at', 'DESC')
      .limit(1000)
      .getRawMany<{ id: string }>();
    return rows.map((r) => r.id);
  }

  /** The row, locked until the transaction ends. */
  lock(tx: EntityManager, id: string): Promise<InstitutionEntity | null> {
    return this.repo(tx).createQueryBuilder('i').setLock('pessimistic_write').where('i.id = :id', { id }).getOne();
  }

  /**
   * Verifies or rejects the still-pending institutions of `rootId`'s subtree; the notes go to
   * the root only. Answers the settled ones.
   * raw-sql: one statement settles the whole pending subtree and answers it (UPDATE ... RETURNING with a per-row CASE).
   */
  async settlePending(
    tx: EntityManager,
    rootId: string,
    status: string,
    notes: string | null,
    by: string,
  ): Promise<{ id: string; hierarchy_level: number }[]> {
    const [rows] = (await tx.query(
      `UPDATE institutions SET verification_status = $2, verification_notes = CASE WHEN id = $1 THEN $3 ELSE verification_notes END,
              verified_at = now(), verified_by = $4, updated_at = now()
        WHERE verification_status = 'pending' AND $1 = ANY (path_ids) RETURNING id, hierarchy_level`,
      [rootId, status, notes, by],
    )) as [{ id: string; hierarchy_level: number }[], number];
    return rows;
  }

  /** The institution of a subdomain and every ancestor, the institution itself first. */
  lineageBySubdomain(tx: EntityManager, subdomain: string): Promise<BrandingRow[]> {
    return this.repo(tx)
      .createQueryBuilder('i')
      .innerJoin(InstitutionEntity, 'a', 'a.id = ANY (i.path_ids)')
      .select([
        'a.id AS id',
        'a.name AS name',
        'a.subdomain AS subdomain',
        'a.logo_url AS logo_url',
        'a.primary_color AS primary_color',
        'a.secondary_color AS secondary_color',
        'a.custom_text AS custom_text',
        'a.inherit_branding AS inherit_branding',
        'a.verification_status AS verification_status',
      ])
      .addSelect('array_position(i.path_ids, a.id)', 'depth')
      .where('i.subdomain = :subdomain', { subdomain })
      .orderBy('depth', 'DESC')
      .getRawMany<BrandingRow>();
  }

  /** "Download my data": the institutions a person founded, as the export shows them. */
  founded(tx: EntityManager, userId: string): Promise<Record<string, unknown>[]> {
    return this.repo(tx)
      .createQueryBuilder('i')
      .select([
        'i.id AS id',
        'i.name AS name',
        'i.subdomain AS subdomain',
        'i.verification_status AS verification_status',
        'i.created_at AS created_at',
      ])
      .where('i.created_by = :userId', { userId })
      .getRawMany();
  }

  /** "Download my data": a person's memberships with the institutions' names. */
  membershipsOf(tx: EntityManager, userId: string): Promise<Record<string, unknown>[]> {
    return tx
      .getRepository(MemberEntity)
      .createQueryBuilder('m')
      .innerJoin(InstitutionEntity, 'i', 'i.id = m.institution_id')
      .select([
        'm.institution_id AS institution_id',
        'i.name AS institution_name',
        'm.member_type AS member_type',
        'm.portal_role AS portal_role',
        'm.access_level AS access_level',
        'm.is_suspended AS is_suspended',
        'm.notes AS notes',
        'm.added_at AS added_at',
      ])
      .where('m.user_id = :userId', { userId })
      .getRawMany();
  }
}
