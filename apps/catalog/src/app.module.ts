import { Module, type DynamicModule, type Provider } from '@nestjs/common';
import { LocalFileStore } from '@lp/storage';
import { ENV, ServiceKitModule, developmentOnly, usersReadModelProviders } from '@lp/service-kit';
import { CatalogEnvSchema, type CatalogEnv } from './config/catalog-env.js';
import { FILE_STORE } from './common/tokens.js';
import { Uploads } from './common/uploads.js';
import { entities, migrations } from './data-source.js';
import { CoursesService } from './modules/courses/courses.service.js';
import { CoursesRepository } from './modules/courses/courses.repository.js';
import { CourseAccess } from './modules/courses/course-access.js';
import { CourseListCache } from './modules/courses/course-list.cache.js';
import { LessonsService } from './modules/lessons/lessons.service.js';
import { LessonsRepository } from './modules/lessons/lessons.repository.js';
import { ContentService } from './modules/content/content.service.js';
import { ContentRepository } from './modules/content/content.repository.js';
import { EnrollmentsService } from './modules/enrollments/enrollments.service.js';
import { EnrollmentsRepository } from './modules/enrollments/enrollments.repository.js';
import { PaymentsConsumer } from './modules/enrollments/payments.consumer.js';
import { ProgressService } from './modules/progress/progress.service.js';
import { ProgressRepository } from './modules/progress/progress.repository.js';
import { ReviewsService } from './modules/reviews/reviews.service.js';
import { ReviewsRepository } from './modules/reviews/reviews.repository.js';
import { CertificatesService } from './modules/certificates/certificates.service.js';
import { CertificatesRepository } from './modules/certificates/certificates.repository.js';
import { CertificateIssuer } from './modules/certificates/certificate-issuer.js';
import { CertificateQueue } from './modules/certificates/certificate.queue.js';
import { AnalyticsRepository } from './modules/analytics/analytics.repository.js';
import { AnalyticsService } from './modules/instructor/analytics.service.js';
import { StudentsService } from './modules/instructor/students.service.js';
import { MessagesRepository } from './modules/instructor/messages.repository.js';
import { KnowledgeHubService } from './modules/knowledge-hub/knowledge-hub.service.js';
import { KnowledgeHubRepository } from './modules/knowledge-hub/knowledge-hub.repository.js';
import { CatalogDataExporter } from './modules/data-export/catalog-data.exporter.js';
import { SeedHandlers } from './modules/seed/seed.handlers.js';
import { QuizzesRepository } from './modules/quizzes/quizzes.repository.js';
import { QuizzesConsumer } from './modules/quizzes/quizzes.consumer.js';
import { QuizFiguresRepository } from './modules/quizzes/quiz-figures.repository.js';

/** The edges: time and files (libs/storage, shared with the gateway and the worker). */
const infrastructure: Provider[] = [
  { provide: FILE_STORE, inject: [ENV], useFactory: (env: CatalogEnv) => new LocalFileStore(env.STORAGE_DIR) },
  Uploads,
];

const features: Provider[] = [
  // users read model
  ...usersReadModelProviders,
  // courses
  CoursesService,
  CoursesRepository,
  CourseAccess,
  CourseListCache,
  // lessons
  LessonsService,
  LessonsRepository,
  // content items
  ContentService,
  ContentRepository,
  // enrollment and payments
  EnrollmentsService,
  EnrollmentsRepository,
  PaymentsConsumer,
  // progress
  ProgressService,
  ProgressRepository,
  // reviews
  ReviewsService,
  ReviewsRepository,
  // certificates
  CertificatesService,
  CertificatesRepository,
  CertificateIssuer,
  CertificateQueue,
  // assessment's quizzes and attempts read model
  QuizzesRepository,
  QuizzesConsumer,
  QuizFiguresRepository,
  // instructor dashboard and institution figures
  AnalyticsRepository,
  AnalyticsService,
  StudentsService,
  MessagesRepository,
  // knowledge hub
  KnowledgeHubService,
  KnowledgeHubRepository,
  // data export
  CatalogDataExporter,
];

@Module({})
export class CatalogModule {
  static create(env?: Record<string, string | undefined>): DynamicModule {
    return {
      module: CatalogModule,
      imports: [
        ServiceKitModule.forRoot({
          service: 'catalog',
          entities,
          migrations,
          envSchema: CatalogEnvSchema,
          ...(env ? { env } : {}),
        }),
      ],
      // demo data: not even constructed outside development and tests
      providers: [...infrastructure, ...features, ...developmentOnly(env, [SeedHandlers])],
    };
  }
}
