import { Check, Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import type { InvitationStatus } from '@lp/contracts';
import { StudyGroupEntity } from './study-group.entity.js';

/**
 * An invitation by e-mail. `sending` counts the sendings (1, then +1 per resend): the link's
 * signature covers the id and expires_at, so a resend (new expires_at) makes a fresh link and
 * the old one stops working. One pending invitation per (group, e-mail).
 */
@Entity({ name: 'group_invitations' })
@Index('group_invitations_group_idx', ['groupId', 'createdAt'])
@Index('group_invitations_pending_key', ['groupId', 'email'], { unique: true, where: `status = 'pending'` })
@Index('group_invitations_email_idx', ['email'])
@Check('group_invitations_status_check', `status IN ('pending', 'accepted', 'declined')`)
export class GroupInvitationEntity {
  @PrimaryGeneratedColumn('uuid') id!: string;
  @Column({ type: 'uuid', name: 'group_id' }) groupId!: string;
  @Column({ type: 'varchar', length: 254 }) email!: string;
  @Column({ type: 'varchar', length: 10, default: 'pending' }) status!: InvitationStatus;
  @Column({ type: 'text', nullable: true }) message!: string | null;
  @Column({ type: 'uuid', name: 'invited_by' }) invitedBy!: string;
  @Column({ type: 'int', default: 1 }) sending!: number;
  @Column({ type: 'timestamptz', name: 'expires_at' }) expiresAt!: Date;
  /** the latest sending: only an invitation sent after a removal lets the removed person back */
  @Column({ type: 'timestamptz', name: 'sent_at', default: () => 'now()' }) sentAt!: Date;
  @Column({ type: 'timestamptz', name: 'responded_at', nullable: true }) respondedAt!: Date | null;
  @Column({ type: 'uuid', name: 'responded_by', nullable: true }) respondedBy!: string | null;
  @CreateDateColumn({ type: 'timestamptz', name: 'created_at' }) createdAt!: Date;

  @ManyToOne(() => StudyGroupEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'group_id', foreignKeyConstraintName: 'group_invitations_group_fk' })
  group?: StudyGroupEntity;
}
