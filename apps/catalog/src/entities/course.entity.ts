import { Check, Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { CourseCategory, CourseLevel } from '@lp/contracts';
import { SearchTextColumn } from './search-text.column.js';

@Entity({ name: 'courses' })
@Check('courses_price_check', 'price >= 0')
@Check(
  'courses_category_check',
  `category IN ('programming','business','design','marketing','language','exam-prep','data-science','personal-development')`,
)
@Check('courses_level_check', `level IN ('beginner','intermediate','advanced')`)
@Check('courses_enrollment_count_check', 'enrollment_count >= 0')
// a trigram GIN index (gin_trgm_ops), which TypeORM cannot describe (kept by the migration)
@Index('courses_search_trgm_idx', { synchronize: false })
// newest first (DESC on created_at in the migration, here and below; TypeORM compares an index by its columns)
@Index('courses_published_category_idx', ['isPublished', 'category', 'createdAt'])
@Index('courses_published_created_idx', ['createdAt', 'id'], { where: 'is_published' })
@Index('courses_instructor_idx', ['instructorId', 'createdAt'])
@Index('courses_institution_idx', ['institutionId', 'createdAt'], { where: 'institution_id IS NOT NULL' })
export class CourseEntity {
  @PrimaryGeneratedColumn('uuid') id!: string;
  @Column({ type: 'text' }) title!: string;
  @Column({ type: 'text' }) description!: string;
  @Column({ type: 'numeric', precision: 10, scale: 2, default: 0 }) price!: number;
  @Column({ type: 'text' }) category!: CourseCategory;
  @Column({ type: 'text' }) level!: CourseLevel;
  @Column({ type: 'uuid', name: 'instructor_id' }) instructorId!: string;
  @Column({ type: 'uuid', name: 'institution_id', nullable: true }) institutionId!: string | null;
  @Column({ type: 'text', nullable: true }) thumbnail!: string | null;
  /** the uploaded cover in libs/storage (`course-covers/<uuid>.webp`); null: the SPA draws one from category and title */
  @Column({ type: 'text', name: 'cover_key', nullable: true }) coverKey!: string | null;
  @Column({ type: 'boolean', name: 'is_published', default: false }) isPublished!: boolean;
  @Column({ type: 'timestamptz', name: 'published_at', nullable: true }) publishedAt!: Date | null;
  @Column({ type: 'int', name: 'enrollment_count', default: 0 }) enrollmentCount!: number;
  @Column({ type: 'numeric', name: 'rating_avg', precision: 3, scale: 2, default: 0 }) ratingAvg!: number;
  @Column({ type: 'int', name: 'rating_count', default: 0 }) ratingCount!: number;
  @CreateDateColumn({ type: 'timestamptz', name: 'created_at' }) createdAt!: Date;
  @UpdateDateColumn({ type: 'timestamptz', name: 'updated_at' }) updatedAt!: Date;
  @SearchTextColumn() searchText?: string | null;
}
