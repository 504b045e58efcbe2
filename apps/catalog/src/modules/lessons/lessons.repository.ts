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

  /** The order after the course's last lesson. */
  async nextOrder(tx: EntityManager, courseId: string): Promise<number> {
    const last = await this.repo(tx).maximum('order', { courseId });
    return last === null ? 0 : last + 1;
  }
}
