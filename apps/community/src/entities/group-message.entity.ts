import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { StudyGroupEntity } from './study-group.entity.js';

/** A message in a group's chat. */
@Entity({ name: 'group_messages' })
@Index('group_messages_group_idx', ['groupId', 'createdAt'])
@Index('group_messages_author_idx', ['authorId'])
export class GroupMessageEntity {
  @PrimaryGeneratedColumn('uuid') id!: string;
  @Column({ type: 'uuid', name: 'group_id' }) groupId!: string;
  @Column({ type: 'uuid', name: 'author_id' }) authorId!: string;
  @Column({ type: 'text' }) content!: string;
  @CreateDateColumn({ type: 'timestamptz', name: 'created_at' }) createdAt!: Date;

  @ManyToOne(() => StudyGroupEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'group_id', foreignKeyConstraintName: 'group_messages_group_fk' })
  group?: StudyGroupEntity;
}
