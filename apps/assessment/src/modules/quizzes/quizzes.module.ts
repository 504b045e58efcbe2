import { Module } from '@nestjs/common';
import { CatalogReadModelModule } from '../catalog-read-model/catalog-read-model.module.js';
import { QuizzesService } from './quizzes.service.js';
import { QuizAccess } from './quiz-access.js';
import { QuestionCache } from './question-cache.js';
import { PracticeQuestions } from './practice-question.service.js';

/** Authoring and listing quizzes, exams and mock tests (one model); who may take or manage one; the questions' cache. */
@Module({
  imports: [CatalogReadModelModule],
  providers: [QuizzesService, QuizAccess, QuestionCache, PracticeQuestions],
  exports: [QuizAccess, QuestionCache],
})
export class QuizzesModule {}
