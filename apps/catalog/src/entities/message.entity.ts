import { Check, Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import type { InterventionType } from '@lp/contracts';
import { CourseEntity } from './course.entity.js';

/** A message from an instructor to a learner (and read state). */
@Entity({ name: 'messages' })
// newest first (DESC on created_at in the migration, here and below; TypeORM compares an index by its columns)
@Index('messages_recipient_idx', ['recipientId', 'createdAt'])
@Index('messages_sender_idx', ['senderId', 'createdAt'])
export class MessageEntity {
  @PrimaryGeneratedColumn('uuid') id!: string;
  @Column({ type: 'uuid', name: 'sender_id' }) senderId!: string;
  @Column({ type: 'uuid', name: 'recipient_id' }) recipientId!: string;
  @Column({ type: 'uuid', name: 'course_id', nullable: true }) courseId!: string | null;
  @ManyToOne(() => CourseEntity, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'course_id', foreignKeyConstraintName: 'messages_course_id_fkey' })
  course?: Relation<CourseEntity> | null;
  @Column({ type: 'text' }) subject!: string;
  @Column({ type: 'text' }) body!: string;
  @Column({ type: 'boolean', name: 'is_read', default: false }) isRead!: boolean;
  @Column({ type: 'timestamptz', name: 'read_at', nullable: true }) readAt!: Date | null;
  @CreateDateColumn({ type: 'timestamptz', name: 'created_at' }) createdAt!: Date;
}

/** An instructor reached out to an at-risk learner; the message it sent is linked. */
@Entity({ name: 'interventions' })
@Check('interventions_intervention_type_check', `intervention_type IN ('encouragement','support','resources')`)
// newest first (DESC on created_at in the migration; TypeORM compares an index by its columns)
@Index('interventions_course_student_idx', ['courseId', 'studentId', 'createdAt'])
export class InterventionEntity {
  @PrimaryGeneratedColumn('uuid') id!: string;
  @Column({ type: 'uuid', name: 'instructor_id' }) instructorId!: string;
  @Column({ type: 'uuid', name: 'student_id' }) studentId!: string;
  @Column({ type: 'uuid', name: 'course_id' }) courseId!: string;
  @ManyToOne(() => CourseEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'course_id', foreignKeyConstraintName: 'interventions_course_id_fkey' })
  course?: Relation<CourseEntity>;
  @Column({ type: 'text', name: 'intervention_type' }) interventionType!: InterventionType;
  @Column({ type: 'uuid', name: 'message_id', nullable: true }) messageId!: string | null;
  @ManyToOne(() => MessageEntity, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'message_id', foreignKeyConstraintName: 'interventions_message_id_fkey' })
  message?: Relation<MessageEntity> | null;
  @CreateDateColumn({ type: 'timestamptz', name: 'created_at' }) createdAt!: Date;
}
