import { TimeOffRequest } from '@lp/contracts';
import type { z } from 'zod';

/**
 * The Request Time Off modal's checks are the contract's own (spec 2.13: start date, end date,
 * reason; is_recurring for "Repeats every year"): a real date each, the end not before the
 * start, a reason.
 */
export const timeOffFormSchema = TimeOffRequest;
export type TimeOffFormValues = z.input<typeof TimeOffRequest>;
export const TIME_OFF_FIELDS = ['start_date', 'end_date', 'reason', 'is_recurring'] as const;
