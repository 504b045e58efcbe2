import { Check, Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import type { GroupBanKind, GroupBanLift } from '@lp/contracts';
import { GroupInvitationEntity } from './group-invitation.entity.js';
import { StudyGroupEntity } from './study-group.entity.js';

/**
 * A suspension or removal, recorded on the group rather than on the membership, so leaving
 * and joining again changes nothing. A lifted ban keeps its row (lifted_at, lifted_by and
 * how): the history. At most one ban of each kind holds per (group, user): the partial
 * unique index. A person may hold both (a suspended member removed stays suspended when an
 * invitation brings them back).
 */
@Entity({ name: 'group_bans' })
@Index('group_bans_active_key', ['groupId', 'userId', 'kind'], { unique: true, where: 'lifted_at IS NULL' })
@Index('group_bans_group_idx', ['groupId', 'bannedAt'])
@Index('group_bans_user_idx', ['userId'])
@Check('group_bans_kind_check', `kind IN ('suspended', 'removed')`)
@Check('group_bans_not_self_check', `user_id <> banned_by`)
@Check(
  'group_bans_lift_check',
  `(lifted_at IS NULL AND lifted_by IS NULL AND lifted_via IS NULL AND invitation_id IS NULL)
   OR (lifted_at IS NOT NULL AND lifted_by IS NOT NULL AND lifted_via = 'moderator' AND invitation_id IS NULL)
   OR (lifted_at IS NOT NULL AND lifted_by IS NOT NULL AND lifted_via = 'invitation' AND kind = 'removed')`,
)
export class GroupBanEntity {
  @PrimaryGeneratedColumn('uuid') id!: string;
  @Column({ type: 'uuid', name: 'group_id' }) groupId!: string;
  @Column({ type: 'uuid', name: 'user_id' }) userId!: string;
  @Column({ type: 'varchar', length: 10 }) kind!: GroupBanKind;
  @Column({ type: 'text', nullable: true }) reason!: string | null;
  @Column({ type: 'uuid', name: 'banned_by' }) bannedBy!: string;
  @Column({ type: 'timestamptz', name: 'banned_at' }) bannedAt!: Date;
  @Column({ type: 'timestamptz', name: 'lifted_at', nullable: true }) liftedAt!: Date | null;
  /** the moderator who lifted it, or who sent the invitation that did */
  @Column({ type: 'uuid', name: 'lifted_by', nullable: true }) liftedBy!: string | null;
  @Column({ type: 'varchar', length: 10, name: 'lifted_via', nullable: true }) liftedVia!: GroupBanLift | null;
  /** the accepted invitation that lifted a removal (null when the invitation row is gone) */
  @Column({ type: 'uuid', name: 'invitation_id', nullable: true }) invitationId!: string | null;

  @ManyToOne(() => StudyGroupEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'group_id', foreignKeyConstraintName: 'group_bans_group_fk' })
  group?: StudyGroupEntity;

  @ManyToOne(() => GroupInvitationEntity, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'invitation_id', foreignKeyConstraintName: 'group_bans_invitation_fk' })
  invitation?: GroupInvitationEntity;
}
