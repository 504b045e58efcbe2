import type { Provider } from '@nestjs/common';

/** Quizzes, exams and mock tests; questions; taking (sessions, attempts); results, analytics and grades. */
export const quizFeatures: Provider[] = [];
