import { Module } from '@nestjs/common';
import { CoursesModule } from '../courses/courses.module.js';
import { ContentService } from './content.service.js';

/** Content items of a course: texts and uploaded files. */
@Module({ imports: [CoursesModule], providers: [ContentService] })
export class ContentModule {}
