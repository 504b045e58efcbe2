import { Module } from '@nestjs/common';
import { CourseItem } from './course-item.js';

/** Courses as things to buy (priced by catalog over the bus). */
@Module({ providers: [CourseItem] })
export class CoursesForSaleModule {}
