import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { NotificationSettings, Role } from '@lp/contracts';

@Entity({ name: 'users' })
export class UserEntity {
  @PrimaryGeneratedColumn('uuid') id!: string;
  @Column({ type: 'text' }) name!: string;
  @Column({ type: 'text', nullable: true }) email!: string | null;
  @Column({ type: 'text', nullable: true }) phone!: string | null;
  @Column({ type: 'text', name: 'password_hash', nullable: true }) passwordHash!: string | null;
  @Column({ type: 'text' }) role!: Role;
  @Column({ type: 'text', name: 'profile_image', nullable: true }) profileImage!: string | null;
  @Column({ type: 'jsonb', name: 'notification_settings' }) notificationSettings!: NotificationSettings;
  @CreateDateColumn({ type: 'timestamptz', name: 'created_at' }) createdAt!: Date;
  @UpdateDateColumn({ type: 'timestamptz', name: 'updated_at' }) updatedAt!: Date;
}
