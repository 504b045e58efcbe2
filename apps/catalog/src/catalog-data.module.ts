import { Global, Module } from '@nestjs/common';
import { AnalyticsRepository } from './modules/analytics/analytics.repository.js';
import { CertificatesRepository } from './modules/certificates/certificates.repository.js';
import { ContentRepository } from './modules/content/content.repository.js';
import { AuthorLimitsRepository } from './modules/courses/author-limits.repository.js';
import { CoursesRepository } from './modules/courses/courses.repository.js';
import { EnrollmentsRepository } from './modules/enrollments/enrollments.repository.js';
import { MessagesRepository } from './modules/instructor/messages.repository.js';
import { KnowledgeHubRepository } from './modules/knowledge-hub/knowledge-hub.repository.js';
import { LessonsRepository } from './modules/lessons/lessons.repository.js';
import { ProgressRepository } from './modules/progress/progress.repository.js';
import { QuizFiguresRepository } from './modules/quizzes/quiz-figures.repository.js';
import { QuizzesRepository } from './modules/quizzes/quizzes.repository.js';
import { ReviewsRepository } from './modules/reviews/reviews.repository.js';

const repositories = [
  CoursesRepository,
  LessonsRepository,
  ContentRepository,
  EnrollmentsRepository,
  ProgressRepository,
  ReviewsRepository,
  CertificatesRepository,
  MessagesRepository,
  KnowledgeHubRepository,
  QuizzesRepository,
  QuizFiguresRepository,
  AnalyticsRepository,
  AuthorLimitsRepository,
];

/**
 * Catalog's data layer: one repository per area over the service's one database. Areas read
 * each other's tables (progress counts lessons and content items, access checks enrollments),
 * so the repositories are shared here while each feature module exports only its services.
 */
@Global()
@Module({ providers: repositories, exports: repositories })
export class CatalogDataModule {}
