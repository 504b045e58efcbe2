import type { assessmentRoutes, RouteOutput } from '@lp/contracts';
import { formatPercent } from '../../../lib/figures';

export type MockTestResults = RouteOutput<typeof assessmentRoutes.mockTestResults>;

/** Pass rate and average to one decimal (spec 9), written by the SPA's one percentage rule ("72%", "72.5%"). */
export const percentText = (value: number | null, notAvailable: string): string => (value === null ? notAvailable : formatPercent(value));
