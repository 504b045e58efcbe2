import { Check, Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import type { GroupRole } from '@lp/contracts';
import { StudyGroupEntity } from './study-group.entity.js';

/**
 * A person's membership of a group: one row per (group, user), one creator per group.
 * Suspensions are not kept here but in group_bans, so they outlive leaving the group.
 */
@Entity({ name: 'group_members' })
@Index('group_members_user_idx', ['userId'])
@Index('group_members_one_creator_key', ['groupId'], { unique: true, where: `role = 'creator'` })
@Check('group_members_role_check', `role IN ('creator', 'moderator', 'member')`)
export class GroupMemberEntity {
  @PrimaryColumn({ type: 'uuid', name: 'group_id' }) groupId!: string;
  @PrimaryColumn({ type: 'uuid', name: 'user_id' }) userId!: string;
  @Column({ type: 'varchar', length: 20, default: 'member' }) role!: GroupRole;
  /** true for the generated members of 'Add Test Members' (development data) */
  @Column({ type: 'boolean', name: 'is_test_member', default: false }) isTestMember!: boolean;
  @CreateDateColumn({ type: 'timestamptz', name: 'joined_at' }) joinedAt!: Date;

  @ManyToOne(() => StudyGroupEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'group_id', foreignKeyConstraintName: 'group_members_group_fk' })
  group?: StudyGroupEntity;
}
