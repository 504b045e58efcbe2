import { ReadModelUserEntity } from '@lp/service-kit';
import { AssignmentEntity } from './assignment.entity.js';
import { AttemptEntity } from './attempt.entity.js';
import { ReadModelCourseEntity, ReadModelEnrollmentEntity } from './catalog-read-model.entity.js';
import { QuestionEntity } from './question.entity.js';
import { QuizEntity } from './quiz.entity.js';
import { SubmissionEntity } from './submission.entity.js';
import { TestSessionEntity } from './test-session.entity.js';

/** Every table of assessment, the users read model's included. */
export const assessmentEntities = [
  ReadModelUserEntity,
  ReadModelCourseEntity,
  ReadModelEnrollmentEntity,
  QuizEntity,
  QuestionEntity,
  TestSessionEntity,
  AttemptEntity,
  AssignmentEntity,
  SubmissionEntity,
];
