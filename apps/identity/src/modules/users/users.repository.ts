import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { NotificationSettings, Role } from '@lp/contracts';
import { UserEntity } from '../../entities/user.entity.js';
import { likePattern, queryRows } from '../../common/sql.util.js';

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
