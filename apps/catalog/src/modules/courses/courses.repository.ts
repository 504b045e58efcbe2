import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { CourseCategory, CourseLevel } from '@lp/contracts';
import type { ContentItemRow, CourseRow } from './course.mapper.js';
import { Params, likePattern, queryOne, queryRows, type Db } from '@lp/service-kit';

export interface CourseListFilter {
  category?: CourseCategory | undefined;
  level?: CourseLevel | undefined;
  search?: string | undefined;
  limit: number;
  offset: number;
}

/** Who may see drafts besides published courses: the caller as instructor, and their institution. */
export interface DraftScope {
  userId: string;
  institutionId: string | null;
}

export interface NewCourse {
  title: string;
  description: string;
  price: number;
  category: CourseCategory;
  level: CourseLevel;
  instructorId: string;
  institutionId: string | null;
  thumbnail: string | null;
  isPublished: boolean;
}

export type CoursePatch = Partial<{
  title: string;
  description: string;
  price: number;
  category: CourseCategory;
  level: CourseLevel;
  thumbnail: string | null;
  is_published: boolean;
}>;

/** The columns a Course is made of (search_text stays in the database). */
const COLUMNS =
  'c.id, c.title, c.description, c.price, c.category, c.level, c.instructor_id, c.institution_id, c.thumbnail, c.is_published, ' +
  'c.published_at, c.enrollment_count, c.rating_avg, c.rating_count, c.created_at, c.updated_at';

/** A timestamp as the API writes it (2026-01-02T03:04:05.678Z), made by PostgreSQL: no Date parsing in the service. */
const isoText = (col: string): string => `to_char(${col} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * Instructor name, published lesson count (index-only on lessons_published_course_idx)
 * and the content items without their text, computed for the rows of the page only, in
 * the same statement.
 */
const DECORATE = `SELECT c.id, c.title, c.description, c.price, c.category, c.level, c.instructor_id, c.institution_id, c.thumbnail,
    c.is_published, ${isoText('c.published_at')} AS published_at, c.enrollment_count, c.rating_avg, c.rating_count,
    ${isoText('c.created_at')} AS created_at, ${isoText('c.updated_at')} AS updated_at, u.name AS instructor_name,
    (SELECT count(*) FROM lessons l WHERE l.course_id = c.id AND l.is_published) AS lesson_count,
    (SELECT COALESCE(json_agg(json_build_object(
              'id', i.id, 'course_id', i.course_id, 'type', i.type, 'title', i.title, 'text_content', NULL,
              'storage_key', i.storage_key, 'file_name', i.file_name, 'mime_type', i.mime_type, 'file_size', i.file_size,
              'duration_minutes', i.duration_minutes, 'sort_order', i.sort_order, 'created_at', ${isoText('i.created_at')})
            ORDER BY i.sort_order, i.created_at, i.id), '[]'::json)
       FROM content_items i WHERE i.course_id = c.id) AS content_items
  FROM page c LEFT JOIN users u ON u.id = c.instructor_id`;

/** Data access for `courses`; no rules here. */
@Injectable()
export class CoursesRepository {
  constructor(@Inject(DataSource) private readonly ds: DataSource) {}

  findById(id: string, db: Db = this.ds): Promise<CourseRow | null> {
    return queryOne<CourseRow>(db, `WITH page AS (SELECT ${COLUMNS} FROM courses c WHERE c.id = $1) ${DECORATE}`, [id]);
  }

  /** Locks the course row until the transaction ends (counters, ratings). */
  lock(db: Db, id: string): Promise<CourseRow | null> {
    return queryOne<CourseRow>(db, 'SELECT * FROM courses WHERE id = $1 FOR UPDATE', [id]);
  }

  /**
   * GET /courses: published courses plus the caller's drafts, newest first. Two branches
   * (published / the caller's drafts), each served by its own index and cut at
   * offset+limit, merged, then decorated. Search is a case-insensitive "contains" on the
   * stored search_text (lower(title || ' ' || description)) with its trigram index: the
   * planner uses the index for rare terms and the newest-first index for common ones
   * (docs/catalog-search.md).
   */
  async list(f: CourseListFilter, drafts: DraftScope | null): Promise<CourseRow[]> {
    const p = new Params();
    const filters: string[] = [];
    if (f.category) filters.push(`c.category = $${p.add(f.category)}`);
    if (f.level) filters.push(`c.level = $${p.add(f.level)}`);
    if (f.search) filters.push(`c.search_text LIKE lower($${p.add(likePattern(f.search))})`);
    const extra = filters.map((x) => ` AND ${x}`).join('');
    const cut = p.add(f.limit + f.offset);
    const branches = [
      `(SELECT ${COLUMNS} FROM courses c WHERE c.is_published${extra} ORDER BY c.created_at DESC, c.id DESC LIMIT $${cut})`,
    ];
    if (drafts) {
      const own = [`c.instructor_id = $${p.add(drafts.userId)}`];
      if (drafts.institutionId) own.push(`c.institution_id = $${p.add(drafts.institutionId)}`);
      branches.push(
        `(SELECT ${COLUMNS} FROM courses c WHERE NOT c.is_published AND (${own.join(' OR ')})${extra} ORDER BY c.created_at DESC, c.id DESC LIMIT $${cut})`,
      );
    }
    const sql = `WITH page AS (
        SELECT * FROM (${branches.join(' UNION ALL ')}) b ORDER BY created_at DESC, id DESC LIMIT $${p.add(f.limit)} OFFSET $${p.add(f.offset)}
      ) ${DECORATE} ORDER BY c.created_at DESC, c.id DESC`;
    return queryRows<CourseRow>(this.ds, sql, p.values);
  }

  /** Every course of an instructor (drafts included), or of an institution. */
  listOwned(scope: { instructorId: string } | { institutionId: string }): Promise<CourseRow[]> {
    const [cond, v] = 'instructorId' in scope ? ['instructor_id = $1', scope.instructorId] : ['institution_id = $1', scope.institutionId];
    return queryRows<CourseRow>(
      this.ds,
      `WITH page AS (SELECT * FROM courses WHERE ${cond}) ${DECORATE} ORDER BY c.created_at DESC, c.id DESC`,
      [v],
    );
  }

  async insert(db: Db, c: NewCourse, now: Date): Promise<CourseRow> {
    const row = await queryOne<CourseRow>(
      db,
      `INSERT INTO courses (title, description, price, category, level, instructor_id, institution_id, thumbnail, is_published, published_at, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $11) RETURNING *`,
      [
        c.title,
        c.description,
        c.price,
        c.category,
        c.level,
        c.instructorId,
        c.institutionId,
        c.thumbnail,
        c.isPublished,
        c.isPublished ? now : null,
        now,
      ],
    );
    return row!;
  }

  async update(db: Db, id: string, patch: CoursePatch, now: Date, publishNow: boolean): Promise<void> {
    const p = new Params();
    const sets = Object.entries(patch)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => `${k} = $${p.add(v)}`);
    if (publishNow) sets.push(`published_at = $${p.add(now)}`);
    sets.push(`updated_at = $${p.add(now)}`);
    await db.query(`UPDATE courses SET ${sets.join(', ')} WHERE id = $${p.add(id)}`, p.values);
  }

  /** Content items of the given courses, in order; the text of text items only when asked. */
  contentItems(courseIds: readonly string[], withText: boolean, db: Db = this.ds): Promise<ContentItemRow[]> {
    if (courseIds.length === 0) return Promise.resolve([]);
    return queryRows<ContentItemRow>(
      db,
      `SELECT id, course_id, type, title, CASE WHEN $2 THEN text_content END AS text_content, storage_key, file_name, mime_type,
              file_size, duration_minutes, sort_order, created_at
         FROM content_items WHERE course_id = ANY($1::uuid[]) ORDER BY course_id, sort_order, created_at, id`,
      [courseIds, withText],
    );
  }

  async findByInstructorAndTitle(instructorId: string, title: string): Promise<CourseRow | null> {
    return queryOne<CourseRow>(this.ds, 'SELECT * FROM courses WHERE instructor_id = $1 AND title = $2 LIMIT 1', [instructorId, title]);
  }
}
