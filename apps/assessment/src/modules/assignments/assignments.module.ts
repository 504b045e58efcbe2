import { Module } from '@nestjs/common';
import { CatalogReadModelModule } from '../catalog-read-model/catalog-read-model.module.js';
import { AssignmentsService } from './assignments.service.js';
import { SubmissionsService } from './submissions.service.js';
import { AssignmentAccess } from './assignment-access.js';
import { AssignmentDeadlines } from './assignment-deadlines.js';

/** Assignments of a course and their submissions, graded by the instructor; learners told of near due dates. */
@Module({ imports: [CatalogReadModelModule], providers: [AssignmentsService, SubmissionsService, AssignmentAccess, AssignmentDeadlines] })
export class AssignmentsModule {}
