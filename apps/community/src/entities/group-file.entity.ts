import { Check, Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { StudyGroupEntity } from './study-group.entity.js';

/** A file shared in a group: the bytes are in libs/storage under storage_key. */
@Entity({ name: 'group_files' })
@Index('group_files_group_idx', ['groupId', 'uploadedAt'])
@Index('group_files_uploader_idx', ['uploaderId'])
@Check('group_files_size_check', 'size >= 0')
export class GroupFileEntity {
  @PrimaryGeneratedColumn('uuid') id!: string;
  @Column({ type: 'uuid', name: 'group_id' }) groupId!: string;
  @Column({ type: 'uuid', name: 'uploader_id' }) uploaderId!: string;
  @Column({ type: 'varchar', length: 1000 }) filename!: string;
  @Column({ type: 'varchar', length: 300, name: 'storage_key' }) storageKey!: string;
  @Column({ type: 'varchar', length: 200, name: 'content_type' }) contentType!: string;
  @Column({ type: 'bigint' }) size!: number;
  @CreateDateColumn({ type: 'timestamptz', name: 'uploaded_at' }) uploadedAt!: Date;

  @ManyToOne(() => StudyGroupEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'group_id', foreignKeyConstraintName: 'group_files_group_fk' })
  group?: StudyGroupEntity;
}
