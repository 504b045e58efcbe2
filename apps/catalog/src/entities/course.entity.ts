import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { CourseCategory, CourseLevel } from '@lp/contracts';
import { asNumber } from './transformers.js';

@Entity({ name: 'courses' })
export class CourseEntity {
  @PrimaryGeneratedColumn('uuid') id!: string;
  @Column({ type: 'text' }) title!: string;
  @Column({ type: 'text' }) description!: string;
  @Column({ type: 'numeric', precision: 10, scale: 2, transformer: asNumber }) price!: number;
  @Column({ type: 'text' }) category!: CourseCategory;
  @Column({ type: 'text' }) level!: CourseLevel;
  @Column({ type: 'uuid', name: 'instructor_id' }) instructorId!: string;
  @Column({ type: 'uuid', name: 'institution_id', nullable: true }) institutionId!: string | null;
  @Column({ type: 'text', nullable: true }) thumbnail!: string | null;
  @Column({ type: 'boolean', name: 'is_published', default: false }) isPublished!: boolean;
  @Column({ type: 'timestamptz', name: 'published_at', nullable: true }) publishedAt!: Date | null;
  @Column({ type: 'int', name: 'enrollment_count', default: 0 }) enrollmentCount!: number;
  @Column({ type: 'numeric', name: 'rating_avg', precision: 3, scale: 2, default: 0, transformer: asNumber }) ratingAvg!: number;
  @Column({ type: 'int', name: 'rating_count', default: 0 }) ratingCount!: number;
  @CreateDateColumn({ type: 'timestamptz', name: 'created_at' }) createdAt!: Date;
  @UpdateDateColumn({ type: 'timestamptz', name: 'updated_at' }) updatedAt!: Date;
}
