import type { assessmentRoutes, RouteOutput } from '@lp/contracts';
import { oneDecimal } from '../../catalog/shared/format';

export type MockTestResults = RouteOutput<typeof assessmentRoutes.mockTestResults>;

/** Spec 9: pass rate and average are shown with one decimal. */
export const percentText = (value: number | null, notAvailable: string): string =>
  value === null ? notAvailable : `${oneDecimal(value)}%`;
