import { Global, Module } from '@nestjs/common';
import { AssignmentsRepository } from './modules/assignments/assignments.repository.js';
import { SubmissionsRepository } from './modules/assignments/submissions.repository.js';
import { DeadlinesRepository } from './modules/assignments/deadlines.repository.js';
import { CatalogReadModelRepository } from './modules/catalog-read-model/catalog-read-model.repository.js';
import { QuizzesRepository } from './modules/quizzes/quizzes.repository.js';
import { EssayReviewRepository } from './modules/results/essay-review.repository.js';
import { ResultsRepository } from './modules/results/results.repository.js';
import { SessionsRepository } from './modules/taking/sessions.repository.js';

const repositories = [
  QuizzesRepository,
  SessionsRepository,
  ResultsRepository,
  EssayReviewRepository,
  AssignmentsRepository,
  SubmissionsRepository,
  DeadlinesRepository,
  CatalogReadModelRepository,
];

/**
 * Assessment's data layer: one repository per area over the service's one database. Taking
 * reads the quizzes it grades, so the repositories are shared here while each feature module
 * exports only its services.
 */
@Global()
@Module({ providers: repositories, exports: repositories })
export class AssessmentDataModule {}
