import { Inject, Injectable } from '@nestjs/common';
import { DataSource, In, type EntityManager, type FindOptionsSelect, type Repository } from 'typeorm';
import type { ContentItemType, CourseCategory, CourseLevel } from '@lp/contracts';
import { Params, likePattern, ReadModelUserEntity, queryRows } from '@lp/service-kit';
import { ContentItemEntity } from '../../entities/content-item.entity.js';
import { CourseEntity } from '../../entities/course.entity.js';
import { LessonEntity } from '../../entities/lesson.entity.js';
import type { CourseCard } from './course.mapper.js';

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

export type NewCourse = Pick<
  CourseEntity,
  'title' | 'description' | 'price' | 'category' | 'level' | 'instructorId' | 'institutionId' | 'thumbnail' | 'isPublished'
>;

export type CoursePatch = Partial<
  Pick<CourseEntity, 'title' | 'description' | 'price' | 'category' | 'level' | 'thumbnail' | 'coverKey' | 'isPublished'>
>;

/** The columns a Course is made of (search_text stays in the database). */
const COLUMNS =
  'c.id, c.title, c.description, c.price, c.category, c.level, c.instructor_id, c.institution_id, c.thumbnail, c.cover_key, c.is_published, ' +
  'c.published_at, c.enrollment_count, c.rating_avg, c.rating_count, c.created_at, c.updated_at';

/** A timestamp as the API writes it (2026-01-02T03:04:05.678Z), made by PostgreSQL: no Date parsing in the service. */
const isoText = (col: string): string => `to_char(${col} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * Instructor name, published lesson count (index-only on lessons_published_course_idx)
 * and the content items without their text, computed for the rows of the page only, in
 * the same statement.
 */
const DECORATE = `SELECT c.id, c.title, c.description, c.price, c.category, c.level, c.instructor_id, c.institution_id, c.thumbnail, c.cover_key,
    c.is_published, ${isoText('c.published_at')} AS published_at, c.enrollment_count, c.rating_avg, c.rating_count,
    ${isoText('c.created_at')} AS created_at, ${isoText('c.updated_at')} AS updated_at, u.name AS instructor_name,
    (SELECT count(*) FROM lessons l WHERE l.course_id = c.id AND l.is_published) AS lesson_count,
    (SELECT COALESCE(json_agg(json_build_object(
              'id', i.id, 'course_id', i.course_id, 'type', i.type, 'title', i.title, 'text_content', NULL,
              'storage_key', i.storage_key, 'file_name', i.file_name, 'mime_type', i.mime_type, 'file_size', i.file_size,
              'duration_minutes', i.duration_minutes, 'sort_order', i.sort_order, 'lesson_id', i.lesson_id, 'created_at', ${isoText('i.created_at')})
            ORDER BY i.sort_order, i.created_at, i.id), '[]'::json)
       FROM content_items i WHERE i.course_id = c.id) AS content_items
  FROM page c LEFT JOIN users u ON u.id = c.instructor_id`;

/** A row of the GET /courses statement (DECORATE's columns): timestamps as ISO text, the items as JSON. */
interface CourseListRow {
  id: string;
  title: string;
  description: string;
  price: number;
  category: CourseCategory;
  level: CourseLevel;
  instructor_id: string;
  institution_id: string | null;
  thumbnail: string | null;
  cover_key: string | null;
  is_published: boolean;
  published_at: string | null;
  enrollment_count: number;
  rating_avg: number;
  rating_count: number;
  created_at: string;
  updated_at: string;
  instructor_name: string | null;
  lesson_count: number;
  content_items: Array<{
    id: string;
    course_id: string;
    type: ContentItemType;
    title: string;
    text_content: null;
    storage_key: string | null;
    file_name: string | null;
    mime_type: string | null;
    file_size: number | null;
    duration_minutes: number | null;
    sort_order: number;
    lesson_id: string | null;
    created_at: string;
  }>;
}

const fromListRow = (r: CourseListRow): CourseCard => ({
  id: r.id,
  title: r.title,
  description: r.description,
  price: r.price,
  category: r.category,
  level: r.level,
  instructorId: r.instructor_id,
  institutionId: r.institution_id,
  thumbnail: r.thumbnail,
  coverKey: r.cover_key,
  isPublished: r.is_published,
  publishedAt: r.published_at,
  enrollmentCount: r.enrollment_count,
  ratingAvg: r.rating_avg,
  ratingCount: r.rating_count,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
  instructorName: r.instructor_name,
  lessonCount: r.lesson_count,
  contentItems: r.content_items.map((i) => ({
    id: i.id,
    courseId: i.course_id,
    type: i.type,
    title: i.title,
    textContent: i.text_content,
    storageKey: i.storage_key,
    fileName: i.file_name,
    mimeType: i.mime_type,
    fileSize: i.file_size,
    durationMinutes: i.duration_minutes,
    order: i.sort_order,
    lessonId: i.lesson_id,
    createdAt: i.created_at,
  })),
});

/** An item's columns but its text (lists and figures do not show it). */
const ITEM_WITHOUT_TEXT: FindOptionsSelect<ContentItemEntity> = {
  id: true,
  courseId: true,
  lessonId: true,
  type: true,
  title: true,
  storageKey: true,
  fileName: true,
  mimeType: true,
  fileSize: true,
  durationMinutes: true,
  order: true,
  createdBy: true,
  createdAt: true,
};

/** Data access for `courses`; no rules here. */
@Injectable()
export class CoursesRepository {
  constructor(@Inject(DataSource) private readonly ds: DataSource) {}

  private repo(tx?: EntityManager): Repository<CourseEntity> {
    return (tx ?? this.ds.manager).getRepository(CourseEntity);
  }

  findById(id: string, tx?: EntityManager): Promise<CourseEntity | null> {
    return this.repo(tx).findOneBy({ id });
  }

  /** Locks the course row until the transaction ends (counters, ratings). */
  lock(tx: EntityManager, id: string): Promise<CourseEntity | null> {
    return this.repo(tx).createQueryBuilder('c').setLock('pessimistic_write').where('c.id = :id', { id }).getOne();
  }

  /**
   * GET /courses: published courses plus the caller's drafts, newest first. Two branches
   * (published / the caller's drafts), each served by its own index and cut at
   * offset+limit, merged, then decorated. Search is a case-insensitive "contains" on the
   * stored search_text (lower(title || ' ' || description)) with its trigram index: the
   * planner uses the index for rare terms and the newest-first index for common ones
   * (docs/catalog-search.md).
   */
  async list(f: CourseListFilter, drafts: DraftScope | null): Promise<CourseCard[]> {
    // raw SQL: the hot browse list in one statement, whose text bench scenario (c) checks against bench/baselines/courses.mjs
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
    const rows = await queryRows<CourseListRow>(this.ds, sql, p.values);
    return rows.map(fromListRow);
  }

  /** Every course of an instructor (drafts included), or of an institution, newest first. */
  async listOwned(scope: { instructorId: string } | { institutionId: string }): Promise<CourseCard[]> {
    const where = 'instructorId' in scope ? { instructorId: scope.instructorId } : { institutionId: scope.institutionId };
    return this.cards(await this.repo().find({ where, order: { createdAt: 'DESC', id: 'DESC' } }));
  }

  /**
   * The courses as a Course shows them: with their instructor's name, their published
   * lesson count and their items in order (the items' text only when asked).
   */
  async cards(courses: CourseEntity[], withText = false): Promise<CourseCard[]> {
    if (courses.length === 0) return [];
    const ids = courses.map((c) => c.id);
    const [instructors, lessonCounts, items] = await Promise.all([
      this.ds.getRepository(ReadModelUserEntity).find({
        select: { id: true, name: true },
        where: { id: In([...new Set(courses.map((c) => c.instructorId))]) },
      }),
      this.ds
        .getRepository(LessonEntity)
        .createQueryBuilder('l')
        .select('l.courseId', 'courseId')
        .addSelect('count(*)', 'count')
        .where({ courseId: In(ids), isPublished: true })
        .groupBy('l.courseId')
        .getRawMany<{ courseId: string; count: number }>(),
      this.contentItems(ids, withText),
    ]);
    const names = new Map(instructors.map((u) => [u.id, u.name]));
    const counts = new Map(lessonCounts.map((l) => [l.courseId, l.count]));
    return courses.map((c) => ({
      ...c,
      instructorName: names.get(c.instructorId) ?? null,
      lessonCount: counts.get(c.id) ?? 0,
      contentItems: items.filter((i) => i.courseId === c.id),
    }));
  }

  async insert(tx: EntityManager, c: NewCourse, now: Date): Promise<CourseEntity> {
    const course = this.repo(tx).create({ ...c, publishedAt: c.isPublished ? now : null, createdAt: now, updatedAt: now });
    await this.repo(tx).insert(course);
    return course;
  }

  async update(tx: EntityManager, id: string, patch: CoursePatch, now: Date, publishNow: boolean): Promise<void> {
    await this.repo(tx).update({ id }, { ...patch, ...(publishNow ? { publishedAt: now } : {}), updatedAt: now });
  }

  /** Content items of the given courses, in order; the text of text items only when asked (else null). */
  async contentItems(courseIds: readonly string[], withText: boolean, tx?: EntityManager): Promise<ContentItemEntity[]> {
    if (courseIds.length === 0) return [];
    const items = await (tx ?? this.ds.manager).getRepository(ContentItemEntity).find({
      ...(withText ? {} : { select: ITEM_WITHOUT_TEXT }),
      where: { courseId: In([...courseIds]) },
      order: { courseId: 'ASC', order: 'ASC', createdAt: 'ASC', id: 'ASC' },
    });
    if (!withText) for (const i of items) i.textContent = null;
    return items;
  }

  findByInstructorAndTitle(instructorId: string, title: string): Promise<CourseEntity | null> {
    return this.repo().findOneBy({ instructorId, title });
  }
}
