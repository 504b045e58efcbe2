import {
  Check,
  Column,
  CreateDateColumn,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  PrimaryGeneratedColumn,
  type Relation,
  Unique,
} from 'typeorm';
import { CourseEntity } from './course.entity.js';

@Entity({ name: 'reviews' })
@Check('reviews_rating_check', 'rating BETWEEN 1 AND 5')
@Unique('reviews_course_user_key', ['courseId', 'userId'])
// newest first (DESC on created_at in the migration; TypeORM compares an index by its columns)
@Index('reviews_course_idx', ['courseId', 'createdAt'])
@Index('reviews_user_idx', ['userId'])
export class ReviewEntity {
  @PrimaryGeneratedColumn('uuid') id!: string;
  @Column({ type: 'uuid', name: 'course_id' }) courseId!: string;
  @ManyToOne(() => CourseEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'course_id', foreignKeyConstraintName: 'reviews_course_id_fkey' })
  course?: Relation<CourseEntity>;
  @Column({ type: 'uuid', name: 'user_id' }) userId!: string;
  @Column({ type: 'smallint' }) rating!: number;
  @Column({ type: 'text', default: '' }) comment!: string;
  @CreateDateColumn({ type: 'timestamptz', name: 'created_at' }) createdAt!: Date;
}
