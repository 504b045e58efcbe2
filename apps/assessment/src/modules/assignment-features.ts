import type { Provider } from '@nestjs/common';
import { AssignmentAccess } from './assignments/assignment-access.js';
import { AssignmentsHandlers } from './assignments/assignments.handlers.js';
import { AssignmentsRepository } from './assignments/assignments.repository.js';
import { AssignmentsService } from './assignments/assignments.service.js';
import { SubmissionsRepository } from './assignments/submissions.repository.js';
import { SubmissionsService } from './assignments/submissions.service.js';
import { AssessmentDataExporter } from './data-export/assessment-data.exporter.js';
import { UsersConsumer } from './users/users.consumer.js';
import { UsersRepository } from './users/users.repository.js';

/** Assignments and submissions; the users read model; assessment's part of the data export. */
export const assignmentFeatures: Provider[] = [
  // names and e-mails of students, fed by identity's events
  UsersRepository,
  UsersConsumer,
  AssignmentsRepository,
  SubmissionsRepository,
  AssignmentAccess,
  AssignmentsService,
  SubmissionsService,
  AssignmentsHandlers,
  AssessmentDataExporter,
];
