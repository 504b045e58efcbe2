import { ReadModelUserEntity } from '@lp/service-kit';
import { CourseEntity } from './course.entity.js';
import { LessonEntity } from './lesson.entity.js';
import { ContentItemEntity } from './content-item.entity.js';
import { EnrollmentEntity } from './enrollment.entity.js';
import { ItemCompletionEntity, LessonCompletionEntity } from './completion.entity.js';
import { CoursePaymentEntity } from './course-payment.entity.js';
import { ReviewEntity } from './review.entity.js';
import { InterventionEntity, MessageEntity } from './message.entity.js';
import { CertificateEntity } from './certificate.entity.js';
import { KnowledgeResourceEntity } from './knowledge-resource.entity.js';
import { QuizAttemptEntity, QuizEntity } from './quiz.entity.js';
import { AuthorLimitEntity } from './author-limit.entity.js';
import { CourseAnnouncementEntity } from './announcement.entity.js';

export const catalogEntities = [
  ReadModelUserEntity,
  CourseEntity,
  LessonEntity,
  ContentItemEntity,
  EnrollmentEntity,
  LessonCompletionEntity,
  ItemCompletionEntity,
  CoursePaymentEntity,
  ReviewEntity,
  MessageEntity,
  InterventionEntity,
  CertificateEntity,
  KnowledgeResourceEntity,
  QuizEntity,
  QuizAttemptEntity,
  AuthorLimitEntity,
  CourseAnnouncementEntity,
];
