import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { ContentItemEntity } from '../../entities/content-item.entity.js';
import { ItemCompletionEntity, LessonCompletionEntity } from '../../entities/completion.entity.js';
import { LessonEntity } from '../../entities/lesson.entity.js';
import { completionPercentage } from './progress.util.js';

export interface LearnerProgress {
  totalLessons: number;
  totalItems: number;
  lessonIds: string[];
  itemIds: string[];
  done: number;
  total: number;
  percentage: number;
  complete: boolean;
}

/** Completions of a learner, counted against the course's current published lessons and items. */
@Injectable()
export class ProgressRepository {
  constructor(@Inject(DataSource) private readonly ds: DataSource) {}

  async compute(courseId: string, userId: string, tx?: EntityManager): Promise<LearnerProgress> {
    const m = tx ?? this.ds.manager;
    const totalLessons = await m.getRepository(LessonEntity).countBy({ courseId, isPublished: true });
    // an item of a draft lesson is a draft too: not counted until its lesson is published
    const totalItems = await m
      .getRepository(ContentItemEntity)
      .createQueryBuilder('i')
      .leftJoin('i.lesson', 'il')
      .where('i.courseId = :courseId AND (i.lessonId IS NULL OR il.isPublished = true)', { courseId })
      .getCount();
    // the completed published lessons and the completed items, in course order
    const lessons = await m
      .getRepository(LessonCompletionEntity)
      .createQueryBuilder('lc')
      .innerJoin('lc.lesson', 'l', 'l.isPublished = true')
      .select(['lc.userId', 'lc.lessonId'])
      .where('lc.courseId = :courseId AND lc.userId = :userId', { courseId, userId })
      .orderBy('l.order')
      .addOrderBy('l.createdAt')
      .addOrderBy('l.id')
      .getMany();
    const items = await m
      .getRepository(ItemCompletionEntity)
      .createQueryBuilder('ic')
      .innerJoin('ic.contentItem', 'i')
      .leftJoin('i.lesson', 'il')
      .select(['ic.userId', 'ic.contentItemId'])
      .where('ic.courseId = :courseId AND ic.userId = :userId', { courseId, userId })
      .andWhere('(i.lessonId IS NULL OR il.isPublished = true)')
      .orderBy('i.order')
      .addOrderBy('i.createdAt')
      .addOrderBy('i.id')
      .getMany();
    const done = lessons.length + items.length;
    const total = totalLessons + totalItems;
    return {
      totalLessons,
      totalItems,
      lessonIds: lessons.map((c) => c.lessonId),
      itemIds: items.map((c) => c.contentItemId),
      done,
      total,
      percentage: completionPercentage(done, total),
      complete: total > 0 && done >= total,
    };
  }

  /** True when the row was new: a second completion of the same unit changes nothing. */
  async completeLesson(tx: EntityManager, userId: string, lessonId: string, courseId: string, minutes: number, at: Date): Promise<boolean> {
    const { raw } = await tx
      .getRepository(LessonCompletionEntity)
      .createQueryBuilder()
      .insert()
      .values({ userId, lessonId, courseId, timeSpentMinutes: minutes, completedAt: at })
      .orIgnore()
      .returning(['lessonId'])
      .execute();
    return (raw as unknown[]).length > 0;
  }

  async completeItem(tx: EntityManager, userId: string, itemId: string, courseId: string, at: Date): Promise<boolean> {
    const { raw } = await tx
      .getRepository(ItemCompletionEntity)
      .createQueryBuilder()
      .insert()
      .values({ userId, contentItemId: itemId, courseId, completedAt: at })
      .orIgnore()
      .returning(['contentItemId'])
      .execute();
    return (raw as unknown[]).length > 0;
  }
}
