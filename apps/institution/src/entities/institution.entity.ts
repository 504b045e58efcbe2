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
import type { AccessLevel, LevelType, VerificationStatus } from '@lp/contracts';

/**
 * A tenant: a top institution or a subsidiary somewhere below one (parent one organizational
 * level up). `path_ids` holds the ids from the top institution down to this one, itself last:
 * the row-level security policies read it (a caller administering X sees every row whose path
 * holds X), so the tree is never walked in a policy.
 */
@Entity({ name: 'institutions' })
@Check('institutions_level_check', '"organizational_level" BETWEEN 1 AND 20')
@Check('institutions_path_check', '"path_ids"[array_length("path_ids", 1)] = "id" AND "hierarchy_level" = array_length("path_ids", 1) - 1')
@Check('institutions_parent_check', '("parent_id" IS NULL) = ("hierarchy_level" = 0)')
@Check('institutions_status_check', `"verification_status" IN ('pending','verified','rejected')`)
@Check('institutions_level_type_check', `"level_type" IN ('corporation','cluster','subsidiary','branch','department')`)
@Check('institutions_max_subsidiaries_check', '"max_subsidiaries" >= 0')
@Index('institutions_parent_idx', ['parentId'])
@Index('institutions_path_idx', { synchronize: false })
@Index('institutions_subdomain_key', ['subdomain'], { unique: true })
export class InstitutionEntity {
  @PrimaryColumn({ type: 'uuid' }) id!: string;
  @Column({ type: 'uuid', name: 'parent_id', nullable: true }) parentId!: string | null;
  @ManyToOne(() => InstitutionEntity, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'parent_id', foreignKeyConstraintName: 'institutions_parent_fkey' })
  parent?: Relation<InstitutionEntity>;
  @Column({ type: 'uuid', array: true, name: 'path_ids' }) pathIds!: string[];
  @Column({ type: 'smallint', name: 'hierarchy_level', default: 0 }) hierarchyLevel!: number;
  @Column({ type: 'smallint', name: 'organizational_level', default: 1 }) organizationalLevel!: number;
  @Column({ type: 'text', name: 'level_type', default: 'corporation' }) levelType!: LevelType;
  @Column({ type: 'text', name: 'level_name', nullable: true }) levelName!: string | null;
  @Column({ type: 'text' }) name!: string;
  @Column({ type: 'text' }) subdomain!: string;
  @Column({ type: 'text', name: 'verification_status', default: 'pending' }) verificationStatus!: VerificationStatus;
  @Column({ type: 'timestamptz', name: 'verified_at', nullable: true }) verifiedAt!: Date | null;
  @Column({ type: 'uuid', name: 'verified_by', nullable: true }) verifiedBy!: string | null;
  @Column({ type: 'text', name: 'verification_notes', nullable: true }) verificationNotes!: string | null;
  @Column({ type: 'text', name: 'contact_email', nullable: true }) contactEmail!: string | null;
  @Column({ type: 'text', name: 'contact_phone', nullable: true }) contactPhone!: string | null;
  @Column({ type: 'text', nullable: true }) address!: string | null;
  @Column({ type: 'text', nullable: true }) country!: string | null;
  @Column({ type: 'text', name: 'registration_number', nullable: true }) registrationNumber!: string | null;
  @Column({ type: 'text', name: 'tax_id', nullable: true }) taxId!: string | null;
  @Column({ type: 'text', name: 'logo_url', nullable: true }) logoUrl!: string | null;
  @Column({ type: 'text', name: 'primary_color', nullable: true }) primaryColor!: string | null;
  @Column({ type: 'text', name: 'secondary_color', nullable: true }) secondaryColor!: string | null;
  @Column({ type: 'text', name: 'custom_text', nullable: true }) customText!: string | null;
  @Column({ type: 'boolean', name: 'inherit_branding', default: true }) inheritBranding!: boolean;
  /** the SaaS tier (tiers.tier_name); subsidiaries live under their top institution's tier */
  @Column({ type: 'text', name: 'tier_name', default: 'free' }) tierName!: string;
  @Column({ type: 'integer', name: 'max_subsidiaries', default: 50 }) maxSubsidiaries!: number;
  /** what members of this institution may do, copied down by a cascade (see hierarchy/cascade) */
  @Column({ type: 'jsonb', default: () => "'{}'" }) policies!: Record<string, unknown>;
  @Column({
    type: 'jsonb',
    name: 'cascade_settings',
    default: () => '\'{"users": false, "content": false, "pricing": false, "branding": true, "policies": true}\'',
  })
  cascadeSettings!: Record<string, boolean>;
  @Column({ type: 'timestamptz', name: 'cascade_applied_at', nullable: true }) cascadeAppliedAt!: Date | null;
  @Column({ type: 'uuid', name: 'created_by' }) createdBy!: string;
  @CreateDateColumn({ type: 'timestamptz', name: 'created_at' }) createdAt!: Date;
  @UpdateDateColumn({ type: 'timestamptz', name: 'updated_at' }) updatedAt!: Date;
}

export type { AccessLevel };
