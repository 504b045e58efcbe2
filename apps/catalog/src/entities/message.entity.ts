import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { InterventionType } from '@lp/contracts';

/** A message from an instructor to a learner (and read state). */
@Entity({ name: 'messages' })
export class MessageEntity {
  @PrimaryGeneratedColumn('uuid') id!: string;
  @Column({ type: 'uuid', name: 'sender_id' }) senderId!: string;
  @Column({ type: 'uuid', name: 'recipient_id' }) recipientId!: string;
  @Column({ type: 'uuid', name: 'course_id', nullable: true }) courseId!: string | null;
  @Column({ type: 'text' }) subject!: string;
  @Column({ type: 'text' }) body!: string;
  @Column({ type: 'boolean', name: 'is_read', default: false }) isRead!: boolean;
  @Column({ type: 'timestamptz', name: 'read_at', nullable: true }) readAt!: Date | null;
  @CreateDateColumn({ type: 'timestamptz', name: 'created_at' }) createdAt!: Date;
}

/** An instructor reached out to an at-risk learner; the message it sent is linked. */
@Entity({ name: 'interventions' })
export class InterventionEntity {
  @PrimaryGeneratedColumn('uuid') id!: string;
  @Column({ type: 'uuid', name: 'instructor_id' }) instructorId!: string;
  @Column({ type: 'uuid', name: 'student_id' }) studentId!: string;
  @Column({ type: 'uuid', name: 'course_id' }) courseId!: string;
  @Column({ type: 'text', name: 'intervention_type' }) interventionType!: InterventionType;
  @Column({ type: 'uuid', name: 'message_id', nullable: true }) messageId!: string | null;
  @CreateDateColumn({ type: 'timestamptz', name: 'created_at' }) createdAt!: Date;
}
