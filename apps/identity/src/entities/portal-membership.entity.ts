import {
  Check,
  Index,
  JoinColumn,
  ManyToOne,
  type Relation,
  Column,
  CreateDateColumn,
  Entity,
  PrimaryColumn,
  UpdateDateColumn,
} from 'typeorm';
import { UserEntity } from './user.entity.js';

export type AccessLevel = 'standard' | 'admin' | 'readonly';

/** Read model of institution memberships, filled by institution events (and subsidiary grants). */
@Entity({ name: 'portal_memberships' })
@Check('portal_memberships_access_level_check', `access_level IN ('standard','admin','readonly')`)
@Index('portal_memberships_user_idx', ['userId'])
// one primary portal per user
@Index('portal_memberships_one_primary', ['userId'], { unique: true, where: 'is_primary' })
export class PortalMembershipEntity {
  @PrimaryColumn({ type: 'uuid', name: 'institution_id' }) institutionId!: string;
  @PrimaryColumn({ type: 'uuid', name: 'user_id' }) userId!: string;
  @ManyToOne(() => UserEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id', foreignKeyConstraintName: 'portal_memberships_user_id_fkey' })
  user?: Relation<UserEntity>;
  @Column({ type: 'text', name: 'institution_name' }) institutionName!: string;
  @Column({ type: 'text', nullable: true }) subdomain!: string | null;
  @Column({ type: 'text' }) role!: string;
  @Column({ type: 'text', name: 'access_level', default: 'standard' }) accessLevel!: AccessLevel;
  @Column({ type: 'jsonb', default: () => "'[]'" }) permissions!: string[];
  @Column({ type: 'boolean', name: 'is_primary', default: false }) isPrimary!: boolean;
  @CreateDateColumn({ type: 'timestamptz', name: 'created_at' }) createdAt!: Date;
  @UpdateDateColumn({ type: 'timestamptz', name: 'updated_at' }) updatedAt!: Date;
}

/**
 * The instant of the newest institution member event applied per (institution, user), kept
 * also after the portal is gone: added and removed arrive on separate consumers, so a removal
 * may be handled before the addition it undoes, and the older of the two must change nothing.
 */
@Entity({ name: 'portal_member_versions' })
export class PortalMemberVersionEntity {
  @PrimaryColumn({ type: 'uuid', name: 'institution_id' }) institutionId!: string;
  @PrimaryColumn({ type: 'uuid', name: 'user_id' }) userId!: string;
  @Column({ type: 'timestamptz', name: 'changed_at' }) changedAt!: Date;
}
