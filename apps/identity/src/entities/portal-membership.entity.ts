import { Column, CreateDateColumn, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

export type AccessLevel = 'standard' | 'admin' | 'readonly';

/** Read model of institution memberships, filled by institution events (and subsidiary grants). */
@Entity({ name: 'portal_memberships' })
export class PortalMembershipEntity {
  @PrimaryColumn({ type: 'uuid', name: 'institution_id' }) institutionId!: string;
  @PrimaryColumn({ type: 'uuid', name: 'user_id' }) userId!: string;
  @Column({ type: 'text', name: 'institution_name' }) institutionName!: string;
  @Column({ type: 'text', nullable: true }) subdomain!: string | null;
  @Column({ type: 'text' }) role!: string;
  @Column({ type: 'text', name: 'access_level', default: 'standard' }) accessLevel!: AccessLevel;
  @Column({ type: 'jsonb', default: () => "'[]'" }) permissions!: string[];
  @Column({ type: 'boolean', name: 'is_primary', default: false }) isPrimary!: boolean;
  @CreateDateColumn({ type: 'timestamptz', name: 'created_at' }) createdAt!: Date;
  @UpdateDateColumn({ type: 'timestamptz', name: 'updated_at' }) updatedAt!: Date;
}
