import type { Provider } from '@nestjs/common';

/** Assignments and submissions; the users read model; assessment's part of the data export. */
export const assignmentFeatures: Provider[] = [];
