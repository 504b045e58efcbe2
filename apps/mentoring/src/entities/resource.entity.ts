import { Check, Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/** A mentor's resource: a link or content, in one of the spec's four kinds. */
@Entity({ name: 'resources' })
@Check('resources_type_check', `"resource_type" IN ('document', 'video', 'tool', 'template')`)
@Check('resources_body_check', `"url" IS NOT NULL OR "content" <> ''`)
@Index('resources_mentor_idx', ['mentorId', 'createdAt'])
export class ResourceEntity {
  @PrimaryGeneratedColumn('uuid') id!: string;
  @Column({ type: 'uuid', name: 'mentor_id' }) mentorId!: string;
  @Column({ type: 'text' }) title!: string;
  @Column({ type: 'text', default: '' }) description!: string;
  @Column({ type: 'varchar', length: 20, name: 'resource_type' }) resourceType!: 'document' | 'video' | 'tool' | 'template';
  @Column({ type: 'text', nullable: true }) url!: string | null;
  @Column({ type: 'text', default: '' }) content!: string;
  @Column({ type: 'text', array: true, default: () => "'{}'" }) tags!: string[];
  @Column({ type: 'boolean', name: 'is_public', default: false }) isPublic!: boolean;
  @CreateDateColumn({ type: 'timestamptz', name: 'created_at' }) createdAt!: Date;
}
