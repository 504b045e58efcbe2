import { Module, type DynamicModule } from '@nestjs/common';
import { ServiceKitModule, UsersReadModelModule, developmentOnly } from '@lp/service-kit';
import { AssessmentEnvSchema } from './config/assessment-env.js';
import { entities, migrations } from './data-source.js';
import { AssessmentDataModule } from './assessment-data.module.js';
import { AssignmentsModule } from './modules/assignments/assignments.module.js';
import { CatalogReadModelModule } from './modules/catalog-read-model/catalog-read-model.module.js';
import { DataExportModule } from './modules/data-export/data-export.module.js';
import { QuizzesModule } from './modules/quizzes/quizzes.module.js';
import { ResultsModule } from './modules/results/results.module.js';
import { TakingModule } from './modules/taking/taking.module.js';
import { SeedHandlers } from './modules/seed/seed.handlers.js';
import { SeedRepository } from './modules/seed/seed.repository.js';

/** Quizzes, exams, mock tests, sessions, attempts, grades, assignments: one feature module per area. */
@Module({})
export class AssessmentModule {
  static create(env?: Record<string, string | undefined>): DynamicModule {
    return {
      module: AssessmentModule,
      imports: [
        ServiceKitModule.forRoot({
          service: 'assessment',
          entities,
          migrations,
          envSchema: AssessmentEnvSchema,
          ...(env ? { env } : {}),
        }),
        UsersReadModelModule,
        AssessmentDataModule,
        CatalogReadModelModule,
        QuizzesModule,
        TakingModule,
        ResultsModule,
        AssignmentsModule,
        DataExportModule,
      ],
      // demo data: not even constructed outside development and tests
      providers: developmentOnly(env, [SeedHandlers, SeedRepository]),
    };
  }
}
