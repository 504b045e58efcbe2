import { Check, Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn, type Relation } from 'typeorm';
import { InstitutionEntity } from './institution.entity.js';

export type BulkImportStatus = 'queued' | 'running' | 'completed' | 'failed';
export interface BulkRowError {
  row: number;
  email: string | null;
  error: string;
}

/**
 * A CSV import of members (POST /institutions/{id}/members/bulk), run by the worker's
 * bulk-enrollment job. The file itself is in the shared file store under `storage_key` (the job
 * streams it from there; it is removed when the import completes). The counters move as the job
 * reports each batch; `batches_counted` keeps a retried job from counting a batch twice.
 */
@Entity({ name: 'bulk_imports' })
@Check('bulk_imports_status_check', `"status" IN ('queued','running','completed','failed')`)
@Index('bulk_imports_institution_idx', ['institutionId', 'createdAt'])
export class BulkImportEntity {
  @PrimaryColumn({ type: 'uuid' }) id!: string;
  @Column({ type: 'uuid', name: 'institution_id' }) institutionId!: string;
  @ManyToOne(() => InstitutionEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'institution_id', foreignKeyConstraintName: 'bulk_imports_institution_fkey' })
  institution?: Relation<InstitutionEntity>;
  @Column({ type: 'uuid', name: 'course_id', nullable: true }) courseId!: string | null;
  @Column({ type: 'uuid', name: 'created_by' }) createdBy!: string;
  @Column({ type: 'text', default: 'queued' }) status!: BulkImportStatus;
  @Column({ type: 'text', name: 'storage_key' }) storageKey!: string;
  @Column({ type: 'integer', name: 'file_rows', nullable: true }) fileRows!: number | null;
  @Column({ type: 'integer', default: 0 }) processed!: number;
  @Column({ type: 'integer', default: 0 }) successful!: number;
  @Column({ type: 'integer', default: 0 }) failed!: number;
  @Column({ type: 'integer', default: 0 }) unchanged!: number;
  /** the first per-row errors (BULK_IMPORT_ERRORS_KEPT) */
  @Column({ type: 'jsonb', default: () => "'[]'" }) errors!: BulkRowError[];
  @Column({ type: 'integer', name: 'batches_counted', default: 0 }) batchesCounted!: number;
  @CreateDateColumn({ type: 'timestamptz', name: 'created_at' }) createdAt!: Date;
  @Column({ type: 'timestamptz', name: 'started_at', nullable: true }) startedAt!: Date | null;
  @Column({ type: 'timestamptz', name: 'finished_at', nullable: true }) finishedAt!: Date | null;
}
