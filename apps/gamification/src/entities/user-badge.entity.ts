import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/** A badge a user earned: once (the key), never taken back. */
@Entity({ name: 'user_badges' })
@Index('user_badges_badge_idx', ['badgeCode'])
export class UserBadgeEntity {
  @PrimaryColumn({ type: 'uuid', name: 'user_id' }) userId!: string;
  @PrimaryColumn({ type: 'text', name: 'badge_code' }) badgeCode!: string;
  @Column({ type: 'timestamptz', name: 'earned_at' }) earnedAt!: Date;
}
