import type { Provider } from '@nestjs/common';
import { QuestionCache } from './quizzes/question-cache.js';
import { QuizAccess } from './quizzes/quiz-access.js';
import { QuizzesRepository } from './quizzes/quizzes.repository.js';
import { QuizzesService } from './quizzes/quizzes.service.js';
import { EssayReviewRepository } from './results/essay-review.repository.js';
import { EssayReviewService } from './results/essay-review.service.js';
import { ResultsRepository } from './results/results.repository.js';
import { ResultsService } from './results/results.service.js';
import { SessionsRepository } from './taking/sessions.repository.js';
import { TakingService } from './taking/taking.service.js';

/** Quizzes, exams and mock tests; questions; taking (sessions, attempts); results, analytics and grades. */
export const quizFeatures: Provider[] = [
  // authoring and lists
  QuizzesRepository,
  QuizAccess,
  QuestionCache,
  QuizzesService,
  // taking: sessions on the server's clock, submission graded once
  SessionsRepository,
  TakingService,
  // results, history, analytics, grades
  ResultsRepository,
  ResultsService,
  // manual grading of essays by the author
  EssayReviewRepository,
  EssayReviewService,
];
