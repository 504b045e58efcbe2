import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { AuthorLimitEntity } from '../../entities/author-limit.entity.js';
import { CourseEntity } from '../../entities/course.entity.js';

/** Data access for `author_limits` (billing's subscriptions as catalog keeps them); no rules here. */
@Injectable()
export class AuthorLimitsRepository {
  constructor(@Inject(DataSource) private readonly ds: DataSource) {}

  find(userId: string, tx?: EntityManager): Promise<AuthorLimitEntity | null> {
    return (tx ?? this.ds.manager).getRepository(AuthorLimitEntity).findOneBy({ userId });
  }

  /** The author's row, locked until the transaction ends: the author's course creations queue up behind it. */
  lock(tx: EntityManager, userId: string): Promise<AuthorLimitEntity | null> {
    return tx
      .getRepository(AuthorLimitEntity)
      .createQueryBuilder('a')
      .setLock('pessimistic_write')
      .where('a.userId = :userId', { userId })
      .getOne();
  }

  /** Keeps the newest subscription change (by billing's changed_at); an older one arriving late changes nothing. */
  async save(tx: EntityManager, limit: AuthorLimitEntity): Promise<void> {
    await tx
      .getRepository(AuthorLimitEntity)
      .createQueryBuilder('a')
      .insert()
      .values(limit)
      .orUpdate(['max_courses', 'subscription_status', 'updated_at'], ['user_id'], {
        overwriteCondition: { where: 'a.updatedAt <= EXCLUDED.updated_at' },
      })
      .updateEntity(false)
      .execute();
  }

  /** The author's courses, drafts included. */
  countCourses(userId: string, tx?: EntityManager): Promise<number> {
    return (tx ?? this.ds.manager).getRepository(CourseEntity).countBy({ instructorId: userId });
  }
}
