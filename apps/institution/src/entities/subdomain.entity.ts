import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * Every subdomain in use, outside row-level security on purpose: check-subdomain answers for
 * the whole platform (who holds a name, as the spec shows) and a {subdomain} host finds its
 * portal before anyone signs in. It holds only what is public about an institution.
 */
@Entity({ name: 'subdomains' })
@Index('subdomains_institution_key', ['institutionId'], { unique: true })
export class SubdomainEntity {
  @PrimaryColumn({ type: 'text' }) subdomain!: string;
  @Column({ type: 'uuid', name: 'institution_id' }) institutionId!: string;
  @Column({ type: 'text' }) name!: string;
}
