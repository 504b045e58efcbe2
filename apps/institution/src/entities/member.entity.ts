import {
  Check,
  Column,
  CreateDateColumn,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  PrimaryColumn,
  type Relation,
  UpdateDateColumn,
} from 'typeorm';
import { InstitutionEntity } from './institution.entity.js';
import type { AccessLevel, MemberType, PortalRole } from '@lp/contracts';

/**
 * A person in an institution: a student, a faculty member, or an admin of its portal (the
 * founder, and people granted Institution Admin). Every member has a portal (identity keeps
 * them from institution.member.added); `admin` members run the dashboard of their institution
 * and of everything below it, within their access level.
 */
@Entity({ name: 'members' })
@Check('members_type_check', `"member_type" IN ('student','faculty','admin')`)
@Check('members_access_check', `"access_level" IN ('standard','admin','readonly')`)
@Check('members_role_check', `"portal_role" IN ('learner','instructor','mentor','institution')`)
@Index('members_institution_user_key', ['institutionId', 'userId'], { unique: true })
@Index('members_user_idx', ['userId'])
@Index('members_institution_type_idx', ['institutionId', 'memberType', 'addedAt'])
export class MemberEntity {
  @PrimaryColumn({ type: 'uuid' }) id!: string;
  @Column({ type: 'uuid', name: 'institution_id' }) institutionId!: string;
  @ManyToOne(() => InstitutionEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'institution_id', foreignKeyConstraintName: 'members_institution_fkey' })
  institution?: Relation<InstitutionEntity>;
  @Column({ type: 'uuid', name: 'user_id' }) userId!: string;
  @Column({ type: 'text', name: 'member_type' }) memberType!: MemberType;
  @Column({ type: 'text', name: 'portal_role', default: 'learner' }) portalRole!: PortalRole;
  @Column({ type: 'text', name: 'access_level', default: 'standard' }) accessLevel!: AccessLevel;
  @Column({ type: 'jsonb', default: () => "'[]'" }) permissions!: string[];
  @Column({ type: 'boolean', name: 'is_suspended', default: false }) isSuspended!: boolean;
  @Column({ type: 'text', nullable: true }) notes!: string | null;
  @Column({ type: 'uuid', name: 'added_by', nullable: true }) addedBy!: string | null;
  /** the import that added this member, when a CSV did */
  @Column({ type: 'uuid', name: 'import_id', nullable: true }) importId!: string | null;
  @CreateDateColumn({ type: 'timestamptz', name: 'added_at' }) addedAt!: Date;
  @UpdateDateColumn({ type: 'timestamptz', name: 'updated_at' }) updatedAt!: Date;
}
