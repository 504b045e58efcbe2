import { Check, Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/** A direct message between two people; read_at is the recipient's read receipt. */
@Entity({ name: 'direct_messages' })
@Index('direct_messages_recipient_idx', ['recipientId', 'createdAt'])
@Index('direct_messages_sender_idx', ['senderId', 'createdAt'])
// a conversation's thread pages through one direction each from here
@Index('direct_messages_pair_idx', ['senderId', 'recipientId', 'createdAt'])
// the inbox counts unread per sender, which touches only the unread rows
@Index('direct_messages_unread_idx', ['recipientId', 'senderId'], { where: 'read_at IS NULL' })
@Check('direct_messages_not_self_check', 'sender_id <> recipient_id')
export class DirectMessageEntity {
  @PrimaryGeneratedColumn('uuid') id!: string;
  @Column({ type: 'uuid', name: 'sender_id' }) senderId!: string;
  @Column({ type: 'uuid', name: 'recipient_id' }) recipientId!: string;
  @Column({ type: 'text' }) content!: string;
  @Column({ type: 'varchar', length: 200, nullable: true }) context!: string | null;
  @Column({ type: 'timestamptz', name: 'read_at', nullable: true }) readAt!: Date | null;
  @CreateDateColumn({ type: 'timestamptz', name: 'created_at' }) createdAt!: Date;
}
