import { Module, type DynamicModule, type Provider } from '@nestjs/common';
import { ServiceKitModule } from '@lp/service-kit';
import { AssessmentEnvSchema } from './config/assessment-env.js';
import { entities, migrations } from './data-source.js';
import { CatalogReadModelRepository } from './modules/catalog-read-model/catalog-read-model.repository.js';
import { CatalogFacts } from './modules/catalog-read-model/catalog-facts.js';
import { CatalogConsumer } from './modules/catalog-read-model/catalog.consumer.js';
import { quizFeatures } from './modules/quiz-features.js';
import { assignmentFeatures } from './modules/assignment-features.js';

const features: Provider[] = [
  // read model of catalog's courses, owners and enrollments
  CatalogReadModelRepository,
  CatalogFacts,
  CatalogConsumer,
  ...quizFeatures,
  ...assignmentFeatures,
];

/** Quizzes, exams, mock tests, sessions, attempts, grades, assignments . */
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
      ],
      providers: features,
    };
  }
}
