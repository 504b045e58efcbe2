import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { NotificationSettings, Role } from '@lp/contracts';
import { UserEntity } from '../../entities/user.entity.js';
import type { MembershipView, UserRow } from './user.mapper.js';
import { likePattern, queryRows } from '@lp/service-kit';

export const DEFAULT_NOTIFICATION_SETTINGS: NotificationSettings = { email: true, studyReminders: true, assignmentDeadlines: true };

export interface NewUser {
  name: string;
  email: string | null;
  phone: string | null;
  phoneVerifiedAt: Date | null;
  passwordHash: string | null;
  role: Role;
}

export interface UserListFilter {
  role?: Role | undefined;
  search?: string | undefined;
  limit: number;
  offset: number;
}

/** Data access for `users`; no rules here. */
@Injectable()
export class UsersRepository {
  constructor(@Inject(DataSource) private readonly ds: DataSource) {}

  private repo(tx?: EntityManager) {
    return (tx ?? this.ds.manager).getRepository(UserEntity);
  }

  /**
   * The user and their memberships in one round trip with fixed SQL text: this is
   * GET /auth/me, the hottest read of the platform (see bench/).
   */
  async findViewById(id: string): Promise<{ user: UserRow; memberships: MembershipView[] } | null> {
    const rows: Array<UserRow & { memberships: MembershipView[] }> = await this.ds.query(FIND_VIEW_SQL, [id]);
    const row = rows[0];
    if (!row) return null;
    const { memberships, ...user } = row;
    return { user: { ...user, createdAt: new Date(user.createdAt) }, memberships };
  }

  findById(id: string, tx?: EntityManager): Promise<UserEntity | null> {
    return this.repo(tx).findOneBy({ id });
  }

  /** Locks the row until the transaction ends: concurrent changes of one account queue up. */
  findByIdForUpdate(tx: EntityManager, id: string): Promise<UserEntity | null> {
    return this.repo(tx).createQueryBuilder('u').setLock('pessimistic_write').where('u.id = :id', { id }).getOne();
  }

  findByEmail(email: string, tx?: EntityManager): Promise<UserEntity | null> {
    return this.repo(tx).createQueryBuilder('u').where('lower(u.email) = lower(:email)', { email }).getOne();
  }

  /** the accounts of these e-mails (lowercase), in one query over the lower(email) index */
  findByEmails(emails: readonly string[], tx?: EntityManager): Promise<UserEntity[]> {
    if (!emails.length) return Promise.resolve([]);
    return this.repo(tx).createQueryBuilder('u').where('lower(u.email) = ANY (:emails)', { emails }).getMany();
  }

  findByPhone(phone: string, tx?: EntityManager): Promise<UserEntity | null> {
    return this.repo(tx).findOneBy({ phone });
  }

  async insert(tx: EntityManager, data: NewUser): Promise<UserEntity> {
    const entity = this.repo(tx).create({ ...data, notificationSettings: DEFAULT_NOTIFICATION_SETTINGS, status: 'active' });
    return this.repo(tx).save(entity);
  }

  async update(tx: EntityManager, id: string, patch: Partial<Omit<UserEntity, 'id' | 'createdAt' | 'updatedAt'>>): Promise<void> {
    await this.repo(tx).update({ id }, patch);
  }

  /**
   * Clears the account's wrong-password count and sign-in lock (SignInLimits), in the caller's
   * transaction. One plain UPDATE: TypeORM's update() would move updated_at as well.
   */
  async resetSignInFailures(tx: EntityManager, id: string): Promise<void> {
    await tx.query('UPDATE users SET failed_sign_ins = 0, failed_sign_ins_since = NULL, sign_in_locked_until = NULL WHERE id = $1', [id]);
  }

  async list(filter: UserListFilter): Promise<{ users: UserEntity[]; total: number }> {
    const qb = this.repo().createQueryBuilder('u');
    if (filter.role) qb.andWhere('u.role = :role', { role: filter.role });
    if (filter.search) {
      qb.andWhere("(u.name ILIKE :q ESCAPE '\\' OR u.email ILIKE :q ESCAPE '\\' OR u.phone ILIKE :q ESCAPE '\\')", {
        q: likePattern(filter.search),
      });
    }
    const [users, total] = await qb
      .orderBy('u.created_at', 'DESC')
      .addOrderBy('u.id', 'ASC')
      .skip(filter.offset)
      .take(filter.limit)
      .getManyAndCount();
    return { users, total };
  }

  async countByRole(): Promise<Array<{ role: Role; count: number }>> {
    const rows = await queryRows<{ role: Role; count: string }>(this.ds.manager, 'SELECT role, count(*) AS count FROM users GROUP BY role');
    return rows.map((r) => ({ role: r.role, count: Number(r.count) }));
  }

  /** Users whose every token issued before a recent instant is refused. */
  findTokensValidAfterSince(since: Date): Promise<Array<Pick<UserEntity, 'id' | 'tokensValidAfter'>>> {
    return this.repo()
      .createQueryBuilder('u')
      .select(['u.id', 'u.tokensValidAfter'])
      .where('u.tokens_valid_after > :since', { since })
      .getMany();
  }
}

const FIND_VIEW_SQL = `
  SELECT u.id, u.name, u.email, u.phone, u.role, u.profile_image AS "profileImage",
         u.notification_settings AS "notificationSettings", u.totp_enabled_at AS "totpEnabledAt",
         u.created_at AS "createdAt", u.status,
         COALESCE((SELECT json_agg(json_build_object(
                     'institutionId', m.institution_id, 'institutionName', m.institution_name,
                     'subdomain', m.subdomain, 'role', m.role, 'isPrimary', m.is_primary)
                   ORDER BY m.is_primary DESC, m.institution_name)
                   FROM portal_memberships m WHERE m.user_id = u.id), '[]'::json) AS memberships
    FROM users u WHERE u.id = $1`;
