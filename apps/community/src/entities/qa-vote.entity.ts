import { CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { QaAnswerEntity } from './qa-answer.entity.js';
import { QaQuestionEntity } from './qa-question.entity.js';

/** One upvote per user per question: the primary key is the rule, whatever runs at once. */
@Entity({ name: 'qa_question_votes' })
@Index('qa_question_votes_user_idx', ['userId'])
export class QaQuestionVoteEntity {
  @PrimaryColumn({ type: 'uuid', name: 'question_id' }) questionId!: string;
  @PrimaryColumn({ type: 'uuid', name: 'user_id' }) userId!: string;
  @CreateDateColumn({ type: 'timestamptz', name: 'created_at' }) createdAt!: Date;

  @ManyToOne(() => QaQuestionEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'question_id', foreignKeyConstraintName: 'qa_question_votes_question_fk' })
  question?: QaQuestionEntity;
}

/** One upvote per user per answer. */
@Entity({ name: 'qa_answer_votes' })
@Index('qa_answer_votes_user_idx', ['userId'])
export class QaAnswerVoteEntity {
  @PrimaryColumn({ type: 'uuid', name: 'answer_id' }) answerId!: string;
  @PrimaryColumn({ type: 'uuid', name: 'user_id' }) userId!: string;
  @CreateDateColumn({ type: 'timestamptz', name: 'created_at' }) createdAt!: Date;

  @ManyToOne(() => QaAnswerEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'answer_id', foreignKeyConstraintName: 'qa_answer_votes_answer_fk' })
  answer?: QaAnswerEntity;
}

/** A question's view by a user, counted once. */
@Entity({ name: 'qa_question_views' })
export class QaQuestionViewEntity {
  @PrimaryColumn({ type: 'uuid', name: 'question_id' }) questionId!: string;
  @PrimaryColumn({ type: 'uuid', name: 'user_id' }) userId!: string;
  @CreateDateColumn({ type: 'timestamptz', name: 'viewed_at' }) viewedAt!: Date;

  @ManyToOne(() => QaQuestionEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'question_id', foreignKeyConstraintName: 'qa_question_views_question_fk' })
  question?: QaQuestionEntity;
}
