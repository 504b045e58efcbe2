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
import type { AccessLevel, MemberType, PortalRole } from '@lp/contracts';
import { InstitutionEntity } from './institution.entity.js';

/**
 * An invitation to become a member (issue 24, item 3: membership by consent). Adding a person
 * by e-mail, a CSV row naming an account that already existed, and a portal grant to someone
 * not yet a member all make one; only its invitee, signed in as the account with this e-mail,
 * turns it into a member row. `held` while the institution is not verified (nothing has
 * reached anyone), `pending` once delivered (e-mail and /profile) until `expires_at`; at most
 * one open (held or pending) invitation per institution and e-mail, which a re-invitation
 * renews. The e-mail is kept in lower case so the database's uniqueness is the address's.
 */
@Entity({ name: 'invitations' })
@Check('invitations_status_check', `"status" IN ('held','pending','accepted','declined','revoked')`)
@Check('invitations_type_check', `"member_type" IN ('student','faculty','admin')`)
@Check('invitations_access_check', `"access_level" IN ('standard','admin','readonly')`)
@Check('invitations_role_check', `"portal_role" IN ('learner','instructor','mentor','institution')`)
@Check('invitations_email_check', `"email" = lower("email")`)
@Check(
  'invitations_delivered_check',
  `"status" <> 'pending' OR ("delivered_at" IS NOT NULL AND "expires_at" IS NOT NULL AND "sending" > 0)`,
)
@Index('invitations_open_key', ['institutionId', 'email'], { unique: true, where: `"status" IN ('held','pending')` })
@Index('invitations_invitee_idx', ['email'], { where: `"status" = 'pending'` })
@Index('invitations_institution_idx', ['institutionId', 'createdAt'])
export class InvitationEntity {
  @PrimaryColumn({ type: 'uuid' }) id!: string;
  @Column({ type: 'uuid', name: 'institution_id' }) institutionId!: string;
  @ManyToOne(() => InstitutionEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'institution_id', foreignKeyConstraintName: 'invitations_institution_fkey' })
  institution?: Relation<InstitutionEntity>;
  @Column({ type: 'text' }) email!: string;
  @Column({ type: 'text', nullable: true }) name!: string | null;
  @Column({ type: 'text', name: 'member_type' }) memberType!: MemberType;
  /** what the member row gets on acceptance: a grant's role, level and permissions, else the member type's defaults */
  @Column({ type: 'text', name: 'portal_role' }) portalRole!: PortalRole;
  @Column({ type: 'text', name: 'access_level', default: 'standard' }) accessLevel!: AccessLevel;
  @Column({ type: 'jsonb', default: () => "'[]'" }) permissions!: string[];
  /** identity makes the account (and sends its "Set a password" link) on delivery when none has the e-mail */
  @Column({ type: 'boolean', name: 'create_account', default: false }) createAccount!: boolean;
  @Column({ type: 'text', nullable: true }) notes!: string | null;
  /** a CSV import's course: the invitee is enrolled in it on acceptance */
  @Column({ type: 'uuid', name: 'course_id', nullable: true }) courseId!: string | null;
  @Column({ type: 'uuid', name: 'import_id', nullable: true }) importId!: string | null;
  @Column({ type: 'text', default: 'held' }) status!: 'held' | 'pending' | 'accepted' | 'declined' | 'revoked';
  /** deliveries so far: one e-mail each (the first, then each re-invitation) */
  @Column({ type: 'integer', default: 0 }) sending!: number;
  @Column({ type: 'uuid', name: 'invited_by', nullable: true }) invitedBy!: string | null;
  /** the account that accepted */
  @Column({ type: 'uuid', name: 'user_id', nullable: true }) userId!: string | null;
  @Column({ type: 'timestamptz', name: 'delivered_at', nullable: true }) deliveredAt!: Date | null;
  @Column({ type: 'timestamptz', name: 'expires_at', nullable: true }) expiresAt!: Date | null;
  @Column({ type: 'timestamptz', name: 'responded_at', nullable: true }) respondedAt!: Date | null;
  @CreateDateColumn({ type: 'timestamptz', name: 'created_at' }) createdAt!: Date;
  @UpdateDateColumn({ type: 'timestamptz', name: 'updated_at' }) updatedAt!: Date;
}
