import { Column, CreateDateColumn, Entity, Index, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/** A mentor's notes on one completed session (saving again replaces them). */
@Entity({ name: 'session_notes' })
@Index('session_notes_mentor_idx', ['mentorId'])
export class SessionNotesEntity {
  @PrimaryColumn({ type: 'uuid', name: 'session_id' }) sessionId!: string;
  @Column({ type: 'uuid', name: 'mentor_id' }) mentorId!: string;
  @Column({ type: 'text' }) notes!: string;
  @Column({ type: 'text', array: true, name: 'action_items', default: () => "'{}'" }) actionItems!: string[];
  @Column({ type: 'text', array: true, name: 'next_session_goals', default: () => "'{}'" }) nextSessionGoals!: string[];
  @Column({ type: 'text', name: 'mentee_progress', default: '' }) menteeProgress!: string;
  @Column({ type: 'jsonb', name: 'resources_shared', default: () => "'[]'" }) resourcesShared!: Array<{
    name: string;
    url: string;
    type: 'document' | 'video' | 'tool' | 'template';
  }>;
  @CreateDateColumn({ type: 'timestamptz', name: 'created_at' }) createdAt!: Date;
  @UpdateDateColumn({ type: 'timestamptz', name: 'updated_at' }) updatedAt!: Date;
}
