import { Module } from '@nestjs/common';
import { CoursesModule } from '../courses/courses.module.js';
import { AnalyticsService } from './analytics.service.js';
import { StudentsService } from './students.service.js';

/** The instructor's dashboard, course analytics, students at risk, messages and interventions; the institution's course figures. */
@Module({ imports: [CoursesModule], providers: [AnalyticsService, StudentsService] })
export class InstructorModule {}
