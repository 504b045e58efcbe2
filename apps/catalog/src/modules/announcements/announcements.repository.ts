import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager, type Repository, type SelectQueryBuilder } from 'typeorm';
import { ReadModelUserEntity } from '@lp/service-kit';
import { CourseAnnouncementEntity } from '../../entities/announcement.entity.js';

/** An announcement with its poster's name (null while identity's event about them has not arrived). */
export type AnnouncementView = CourseAnnouncementEntity & { poster?: Pick<ReadModelUserEntity, 'name'> | null };

/** Data access for `course_announcements` and the keyset page of a course's learners; no rules here. */
@Injectable()
export class AnnouncementsRepository {
  constructor(@Inject(DataSource) private readonly ds: DataSource) {}

  private repo(tx?: EntityManager): Repository<CourseAnnouncementEntity> {
    return (tx ?? this.ds.manager).getRepository(CourseAnnouncementEntity);
  }

  private withPoster(tx?: EntityManager): SelectQueryBuilder<CourseAnnouncementEntity> {
    return this.repo(tx)
      .createQueryBuilder('a')
      .leftJoinAndMapOne('a.poster', ReadModelUserEntity, 'u', 'u.id = a.postedBy')
      .select(['a', 'u.id', 'u.name']);
  }

  async insert(tx: EntityManager, a: Pick<CourseAnnouncementEntity, 'courseId' | 'title' | 'message' | 'postedBy'>, now: Date) {
    const row = this.repo(tx).create({ ...a, createdAt: now });
    await this.repo(tx).insert(row);
    return row;
  }

  find(id: string, tx?: EntityManager): Promise<AnnouncementView | null> {
    return this.withPoster(tx).where('a.id = :id', { id }).getOne();
  }

  listForCourse(courseId: string, limit: number, offset: number): Promise<[AnnouncementView[], number]> {
    return this.withPoster()
      .where('a.courseId = :courseId', { courseId })
      .orderBy('a.createdAt', 'DESC')
      .addOrderBy('a.id', 'DESC')
      .take(limit)
      .skip(offset)
      .getManyAndCount();
  }

  /**
   * Up to `limit` learners of the course after `after` in user id order: the unique
   * (course_id, user_id) index serves it as a range scan, so page n costs what page 1 does
   * (an OFFSET would rescan every earlier page).
   */
  async learnerPage(courseId: string, after: string | null, limit: number): Promise<string[]> {
    const rows: Array<{ user_id: string }> = await this.ds.query(
      `SELECT user_id FROM enrollments
        WHERE course_id = $1 AND ($2::uuid IS NULL OR user_id > $2::uuid)
        ORDER BY user_id LIMIT $3`,
      [courseId, after, limit],
    );
    return rows.map((r) => r.user_id);
  }
}
