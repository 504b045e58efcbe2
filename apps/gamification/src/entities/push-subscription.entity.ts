import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/**
 * One browser a user allowed Web Push in (docs/notifications.md, "Web Push"): its push service's
 * endpoint and the keys a push is encrypted with. An endpoint is one browser profile, so it is
 * unique: subscribing it again under another account moves it to that account. Deleted when the
 * user turns it off, when a push service answers 404 or 410, and with the account.
 */
@Entity({ name: 'push_subscriptions' })
@Index('push_subscriptions_endpoint', ['endpoint'], { unique: true })
@Index('push_subscriptions_user_idx', ['userId', 'createdAt'])
export class PushSubscriptionEntity {
  @PrimaryGeneratedColumn('uuid') id!: string;
  @Column({ type: 'uuid', name: 'user_id' }) userId!: string;
  @Column({ type: 'text' }) endpoint!: string;
  /** the browser's P-256 public key (base64url) */
  @Column({ type: 'text' }) p256dh!: string;
  /** the browser's authentication secret (base64url) */
  @Column({ type: 'text' }) auth!: string;
  @CreateDateColumn({ type: 'timestamptz', name: 'created_at' }) createdAt!: Date;
}
