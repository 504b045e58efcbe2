import { Module } from '@nestjs/common';
import { CoursesModule } from '../courses/courses.module.js';
import { LessonsService } from './lessons.service.js';

/** Lessons of a course: their order, drafts and free previews. */
@Module({ imports: [CoursesModule], providers: [LessonsService] })
export class LessonsModule {}
