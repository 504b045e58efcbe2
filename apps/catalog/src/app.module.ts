import { Module, type DynamicModule } from '@nestjs/common';
import { ServiceKitModule, UsersReadModelModule, developmentOnly } from '@lp/service-kit';
import { CatalogEnvSchema } from './config/catalog-env.js';
import { entities, migrations } from './data-source.js';
import { CatalogDataModule } from './catalog-data.module.js';
import { CatalogEdgesModule } from './catalog-edges.module.js';
import { AnnouncementsModule } from './modules/announcements/announcements.module.js';
import { CertificatesModule } from './modules/certificates/certificates.module.js';
import { ContentModule } from './modules/content/content.module.js';
import { CoursesModule } from './modules/courses/courses.module.js';
import { DataExportModule } from './modules/data-export/data-export.module.js';
import { EnrollmentsModule } from './modules/enrollments/enrollments.module.js';
import { InstructorModule } from './modules/instructor/instructor.module.js';
import { KnowledgeHubModule } from './modules/knowledge-hub/knowledge-hub.module.js';
import { LessonsModule } from './modules/lessons/lessons.module.js';
import { ProgressModule } from './modules/progress/progress.module.js';
import { QuizzesModule } from './modules/quizzes/quizzes.module.js';
import { ReviewsModule } from './modules/reviews/reviews.module.js';
import { SeedHandlers } from './modules/seed/seed.handlers.js';

/** Catalog: one feature module per area, over the kit, the users read model, the data layer and the edges. */
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
        UsersReadModelModule,
        CatalogDataModule,
        CatalogEdgesModule,
        CoursesModule,
        LessonsModule,
        ContentModule,
        EnrollmentsModule,
        ProgressModule,
        ReviewsModule,
        AnnouncementsModule,
        CertificatesModule,
        QuizzesModule,
        InstructorModule,
        KnowledgeHubModule,
        DataExportModule,
      ],
      // demo data: not even constructed outside development and tests
      providers: developmentOnly(env, [SeedHandlers]),
    };
  }
}
