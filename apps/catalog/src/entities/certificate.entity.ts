import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** Issued when a learner reaches 100%; the worker renders the PDF and reports its storage key. */
@Entity({ name: 'certificates' })
export class CertificateEntity {
  @PrimaryGeneratedColumn('uuid') id!: string;
  @Column({ type: 'uuid', name: 'enrollment_id' }) enrollmentId!: string;
  @Column({ type: 'uuid', name: 'user_id' }) userId!: string;
  @Column({ type: 'uuid', name: 'course_id' }) courseId!: string;
  @Column({ type: 'text', name: 'verification_code' }) verificationCode!: string;
  @Column({ type: 'text', name: 'learner_name' }) learnerName!: string;
  @Column({ type: 'text', name: 'course_title' }) courseTitle!: string;
  @Column({ type: 'text', name: 'instructor_name' }) instructorName!: string;
  @Column({ type: 'timestamptz', name: 'completed_at' }) completedAt!: Date;
  @Column({ type: 'text', name: 'storage_key', nullable: true }) storageKey!: string | null;
  @Column({ type: 'timestamptz', name: 'rendered_at', nullable: true }) renderedAt!: Date | null;
  @CreateDateColumn({ type: 'timestamptz', name: 'created_at' }) createdAt!: Date;
}
