import { Module } from '@nestjs/common';
import { CoursesModule } from '../courses/courses.module.js';
import { ReviewsService } from './reviews.service.js';

/** Reviews of a course and its rating. */
@Module({ imports: [CoursesModule], providers: [ReviewsService], exports: [ReviewsService] })
export class ReviewsModule {}
