import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager, IsNull, type Repository } from 'typeorm';
import { ContentItemEntity } from '../../entities/content-item.entity.js';

export type NewContentItem = Pick<
  ContentItemEntity,
  | 'courseId'
  | 'lessonId'
  | 'type'
  | 'title'
  | 'textContent'
  | 'storageKey'
  | 'fileName'
  | 'mimeType'
  | 'fileSize'
  | 'durationMinutes'
  | 'createdBy'
>;

/** Data access for `content_items`; no rules here. */
@Injectable()
export class ContentRepository {
  constructor(@Inject(DataSource) private readonly ds: DataSource) {}

  private repo(tx?: EntityManager): Repository<ContentItemEntity> {
    return (tx ?? this.ds.manager).getRepository(ContentItemEntity);
  }

  find(id: string, tx?: EntityManager): Promise<ContentItemEntity | null> {
    return this.repo(tx).findOneBy({ id });
  }

  /** Appended after the last item of its lesson (or of the course, for an item of no lesson). */
  async insert(tx: EntityManager, c: NewContentItem, now: Date): Promise<ContentItemEntity> {
    const last = await this.repo(tx).maximum('order', c.lessonId ? { lessonId: c.lessonId } : { courseId: c.courseId, lessonId: IsNull() });
    const item = this.repo(tx).create({ ...c, order: last === null ? 0 : last + 1, createdAt: now });
    await this.repo(tx).insert(item);
    return item;
  }
}
