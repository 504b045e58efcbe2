import type { assessmentRoutes, RouteOutput } from '@lp/contracts';

export type MockTestResults = RouteOutput<typeof assessmentRoutes.mockTestResults>;

export interface QuizFigures {
  attempts: number;
  /** percent; null before the first attempt */
  averageScore: number | null;
  passRate: number | null;
}

/** Attempts, average score and pass rate over every submitted attempt. */
export function quizFigures(results: MockTestResults): QuizFigures {
  const { attempts } = results;
  if (attempts.length === 0) return { attempts: 0, averageScore: null, passRate: null };
  const total = attempts.reduce((sum, a) => sum + a.score, 0);
  const passed = attempts.filter((a) => a.passed).length;
  return { attempts: attempts.length, averageScore: total / attempts.length, passRate: (passed / attempts.length) * 100 };
}

/** Spec 9: pass rate and average are shown with one decimal. */
export const percentText = (value: number | null, notAvailable: string): string => (value === null ? notAvailable : `${value.toFixed(1)}%`);
