import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn, type Relation } from 'typeorm';
import { UserEntity } from './user.entity.js';

/** One issued access token; its id is the JWT `sid`. */
@Entity({ name: 'sessions' })
@Index('sessions_user_idx', ['userId'])
// the re-warm after a Redis restart reads the revoked ones
@Index('sessions_revoked_idx', ['expiresAt'], { where: 'revoked_at IS NOT NULL' })
@Index('sessions_revoked_at_idx', ['revokedAt'], { where: 'revoked_at IS NOT NULL' })
export class SessionEntity {
  @PrimaryColumn({ type: 'uuid' }) id!: string;
  @Column({ type: 'uuid', name: 'user_id' }) userId!: string;
  @ManyToOne(() => UserEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id', foreignKeyConstraintName: 'sessions_user_id_fkey' })
  user?: Relation<UserEntity>;
  @Column({ type: 'uuid', name: 'institution_id', nullable: true }) institutionId!: string | null;
  @CreateDateColumn({ type: 'timestamptz', name: 'created_at' }) createdAt!: Date;
  @Column({ type: 'timestamptz', name: 'expires_at' }) expiresAt!: Date;
  @Column({ type: 'timestamptz', name: 'revoked_at', nullable: true }) revokedAt!: Date | null;
}
