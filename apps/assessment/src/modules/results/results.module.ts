import { Module } from '@nestjs/common';
import { QuizzesModule } from '../quizzes/quizzes.module.js';
import { CatalogReadModelModule } from '../catalog-read-model/catalog-read-model.module.js';
import { ResultsService } from './results.service.js';
import { EssayReviewService } from './essay-review.service.js';

/** Results, history, the learner's analytics, course grades, and the author's grading of essays. */
@Module({ imports: [QuizzesModule, CatalogReadModelModule], providers: [ResultsService, EssayReviewService] })
export class ResultsModule {}
