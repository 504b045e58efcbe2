import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager, type Repository, type SelectQueryBuilder } from 'typeorm';
import { ReadModelUserEntity } from '@lp/service-kit';
import { CourseEntity } from '../../entities/course.entity.js';
import { ReviewEntity } from '../../entities/review.entity.js';

/** A review with its author's name (null while identity's event about them has not arrived). */
export type ReviewView = ReviewEntity & { user?: Pick<ReadModelUserEntity, 'name'> | null };

/** Data access for `reviews` and the course's rating figures; no rules here. */
@Injectable()
export class ReviewsRepository {
  constructor(@Inject(DataSource) private readonly ds: DataSource) {}

  private repo(tx?: EntityManager): Repository<ReviewEntity> {
    return (tx ?? this.ds.manager).getRepository(ReviewEntity);
  }

  /** Reviews with their author's name (`r.user`). */
  private withAuthor(tx?: EntityManager): SelectQueryBuilder<ReviewEntity> {
    return this.repo(tx)
      .createQueryBuilder('r')
      .leftJoinAndMapOne('r.user', ReadModelUserEntity, 'u', 'u.id = r.userId')
      .select(['r', 'u.id', 'u.name']);
  }

  listForCourse(courseId: string, limit: number): Promise<ReviewView[]> {
    return this.withAuthor()
      .where('r.courseId = :courseId', { courseId })
      .orderBy('r.createdAt', 'DESC')
      .addOrderBy('r.id')
      .limit(limit)
      .getMany();
  }

  find(id: string, tx?: EntityManager): Promise<ReviewView | null> {
    return this.withAuthor(tx).where('r.id = :id', { id }).getOne();
  }

  findForUser(courseId: string, userId: string): Promise<Pick<ReviewEntity, 'id'> | null> {
    return this.repo().findOne({ select: { id: true }, where: { courseId, userId } });
  }

  async insert(tx: EntityManager, r: Pick<ReviewEntity, 'courseId' | 'userId' | 'rating' | 'comment'>, now: Date): Promise<string> {
    const review = this.repo(tx).create({ ...r, createdAt: now });
    await this.repo(tx).insert(review);
    return review.id;
  }

  /** Recomputes rating_avg and rating_count from the reviews themselves (call with the course row locked). */
  async refreshRating(tx: EntityManager, courseId: string): Promise<void> {
    const figures = await this.repo(tx)
      .createQueryBuilder('r')
      .select('COALESCE(round(avg(r.rating), 2), 0)', 'avg')
      .addSelect('count(*)', 'count')
      .where('r.courseId = :courseId', { courseId })
      .getRawOne<{ avg: number; count: number }>();
    // updated_at stays: a rating is not an edit of the course
    await tx
      .getRepository(CourseEntity)
      .update({ id: courseId }, { ratingAvg: figures?.avg ?? 0, ratingCount: figures?.count ?? 0, updatedAt: () => 'updated_at' });
  }

  listForUser(userId: string): Promise<ReviewView[]> {
    return this.withAuthor().where('r.userId = :userId', { userId }).orderBy('r.createdAt').getMany();
  }
}
