import { Column, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';
import type { Role } from '@lp/contracts';

/**
 * The users read model's table, the same in every service that shows people (list it among
 * the service's entities; UsersReadModel reads and writes it). Identity's events fill it.
 */
@Entity({ name: 'users' })
export class ReadModelUserEntity {
  @PrimaryColumn({ type: 'uuid' }) id!: string;
  @Column({ type: 'text' }) name!: string;
  @Column({ type: 'text', nullable: true }) email!: string | null;
  /** 'learner' until identity's next event about a user recorded before roles were kept */
  @Column({ type: 'text', default: 'learner' }) role!: Role;
  @Column({ type: 'text', name: 'profile_image', nullable: true }) profileImage!: string | null;
  /** the account is scheduled for deletion: name and e-mail are forgotten */
  @Column({ type: 'boolean', default: false }) deleted!: boolean;
  @UpdateDateColumn({ type: 'timestamptz', name: 'updated_at' }) updatedAt!: Date;
}
