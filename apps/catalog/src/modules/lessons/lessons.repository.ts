import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager, type Repository } from 'typeorm';
import { LessonEntity } from '../../entities/lesson.entity.js';

export type NewLesson = Pick<
  LessonEntity,
  'title' | 'description' | 'contentType' | 'content' | 'durationMinutes' | 'order' | 'isPublished' | 'isFreePreview'
>;

/** Data access for `lessons`; no rules here. */
@Injectable()
export class LessonsRepository {
  constructor(@Inject(DataSource) private readonly ds: DataSource) {}

  private repo(tx?: EntityManager): Repository<LessonEntity> {
    return (tx ?? this.ds.manager).getRepository(LessonEntity);
  }

  find(id: string, tx?: EntityManager): Promise<LessonEntity | null> {
    return this.repo(tx).findOneBy({ id });
  }

  /** In order; drafts only when asked. */
  listForCourse(courseId: string, withDrafts: boolean, tx?: EntityManager): Promise<LessonEntity[]> {
    return this.repo(tx).find({
      where: withDrafts ? { courseId } : { courseId, isPublished: true },
      order: { order: 'ASC', createdAt: 'ASC', id: 'ASC' },
    });
  }

  async insert(tx: EntityManager, courseId: string, l: NewLesson, now: Date): Promise<LessonEntity> {
    const lesson = this.repo(tx).create({ ...l, courseId, createdAt: now, updatedAt: now });
    await this.repo(tx).insert(lesson);
    return lesson;
  }

  async update(tx: EntityManager, id: string, patch: Partial<NewLesson>, now: Date): Promise<LessonEntity> {
    await this.repo(tx).update({ id }, { ...patch, updatedAt: now });
    return this.repo(tx).findOneByOrFail({ id });
  }

  async delete(tx: EntityManager, id: string): Promise<void> {
    await this.repo(tx).delete({ id });
  }

  /** The order after the course's last lesson (1 for the first). The caller holds the course's lock. */
  async nextOrder(tx: EntityManager, courseId: string): Promise<number> {
    const last = await this.repo(tx).maximum('order', { courseId });
    return (last ?? 0) + 1;
  }

  /** Numbers the given lessons 1..n in the order given, in one statement. */
  async setOrder(tx: EntityManager, courseId: string, lessonIds: readonly string[], now: Date): Promise<void> {
    await tx.query(
      `UPDATE lessons l SET sort_order = o.position, updated_at = $3
         FROM unnest($2::uuid[]) WITH ORDINALITY AS o(id, position)
        WHERE l.id = o.id AND l.course_id = $1 AND l.sort_order <> o.position`,
      [courseId, lessonIds, now],
    );
  }
}
