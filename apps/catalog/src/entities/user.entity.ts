import { Column, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';
import type { Role } from '@lp/contracts';

/** Read model of identity's users (names for instructors, students, reviews, certificates), fed by its events. */
@Entity({ name: 'users' })
export class UserEntity {
  @PrimaryColumn({ type: 'uuid' }) id!: string;
  @Column({ type: 'text' }) name!: string;
  @Column({ type: 'text', nullable: true }) email!: string | null;
  @Column({ type: 'text' }) role!: Role;
  @Column({ type: 'text', name: 'profile_image', nullable: true }) profileImage!: string | null;
  /** the account is scheduled for deletion: name and e-mail are forgotten */
  @Column({ type: 'boolean', default: false }) deleted!: boolean;
  @UpdateDateColumn({ type: 'timestamptz', name: 'updated_at' }) updatedAt!: Date;
}
