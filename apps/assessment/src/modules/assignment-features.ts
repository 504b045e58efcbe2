import type { Provider } from '@nestjs/common';
import { usersReadModelProviders } from '@lp/service-kit';
import { AssignmentAccess } from './assignments/assignment-access.js';
import { AssignmentsRepository } from './assignments/assignments.repository.js';
import { AssignmentsService } from './assignments/assignments.service.js';
import { SubmissionsRepository } from './assignments/submissions.repository.js';
import { SubmissionsService } from './assignments/submissions.service.js';
import { AssessmentDataExporter } from './data-export/assessment-data.exporter.js';

/** Assignments and submissions; the users read model; assessment's part of the data export. */
export const assignmentFeatures: Provider[] = [
  // names and e-mails of students, fed by identity's events
  ...usersReadModelProviders,
  AssignmentsRepository,
  SubmissionsRepository,
  AssignmentAccess,
  AssignmentsService,
  SubmissionsService,
  AssessmentDataExporter,
];
