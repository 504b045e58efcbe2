import { Check, Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { GroupForumCategory, PostType } from '@lp/contracts';
import { StudyGroupEntity } from './study-group.entity.js';

/** A discussion or question in a group's Group Discussions. */
@Entity({ name: 'group_forum_posts' })
@Index('group_forum_posts_group_idx', ['groupId', 'createdAt'])
@Index('group_forum_posts_author_idx', ['authorId'])
@Check('group_forum_posts_post_type_check', `post_type IN ('discussion', 'question')`)
export class GroupForumPostEntity {
  @PrimaryGeneratedColumn('uuid') id!: string;
  @Column({ type: 'uuid', name: 'group_id' }) groupId!: string;
  @Column({ type: 'uuid', name: 'author_id' }) authorId!: string;
  @Column({ type: 'varchar', length: 200 }) title!: string;
  @Column({ type: 'text' }) content!: string;
  @Column({ type: 'varchar', length: 30, default: 'general' }) category!: GroupForumCategory;
  @Column({ type: 'varchar', length: 20, name: 'post_type', default: 'discussion' }) postType!: PostType;
  @CreateDateColumn({ type: 'timestamptz', name: 'created_at' }) createdAt!: Date;
  @UpdateDateColumn({ type: 'timestamptz', name: 'updated_at' }) updatedAt!: Date;

  @ManyToOne(() => StudyGroupEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'group_id', foreignKeyConstraintName: 'group_forum_posts_group_fk' })
  group?: StudyGroupEntity;
}
