import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { ContentItemType } from '@lp/contracts';
import type { ContentItemRow } from '../courses/course.mapper.js';
import { queryOne, type Db } from '@lp/service-kit';

export interface NewContentItem {
  courseId: string;
  type: ContentItemType;
  title: string;
  textContent: string | null;
  storageKey: string | null;
  fileName: string | null;
  mimeType: string | null;
  fileSize: number | null;
  durationMinutes: number | null;
  createdBy: string;
}

/** Data access for `content_items`; no rules here. */
@Injectable()
export class ContentRepository {
  constructor(@Inject(DataSource) private readonly ds: DataSource) {}

  find(id: string, db: Db = this.ds): Promise<ContentItemRow | null> {
    return queryOne<ContentItemRow>(db, 'SELECT * FROM content_items WHERE id = $1', [id]);
  }

  /** Appended after the course's last item. */
  async insert(db: Db, c: NewContentItem, now: Date): Promise<ContentItemRow> {
    const row = await queryOne<ContentItemRow>(
      db,
      `INSERT INTO content_items (course_id, type, title, text_content, storage_key, file_name, mime_type, file_size, duration_minutes, created_by, created_at, sort_order)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11,
               (SELECT COALESCE(max(sort_order) + 1, 0) FROM content_items WHERE course_id = $1))
       RETURNING *`,
      [c.courseId, c.type, c.title, c.textContent, c.storageKey, c.fileName, c.mimeType, c.fileSize, c.durationMinutes, c.createdBy, now],
    );
    return row!;
  }
}
