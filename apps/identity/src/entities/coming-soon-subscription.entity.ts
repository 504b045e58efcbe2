import { CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

@Entity({ name: 'coming_soon_subscriptions' })
export class ComingSoonSubscriptionEntity {
  @PrimaryColumn({ type: 'text' }) email!: string;
  @CreateDateColumn({ type: 'timestamptz', name: 'created_at' }) createdAt!: Date;
}
