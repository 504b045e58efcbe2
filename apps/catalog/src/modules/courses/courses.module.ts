import { Module } from '@nestjs/common';
import { CoursesService } from './courses.service.js';
import { CourseCoverService } from './course-cover.service.js';
import { CourseAccess } from './course-access.js';
import { CourseListCache } from './course-list.cache.js';
import { SubscriptionsConsumer } from './subscriptions.consumer.js';

/** Courses: browse, create, read, edit, publish, covers; who may see and change a course; the list cache; authors' course limits (billing's plans). */
@Module({
  providers: [CoursesService, CourseCoverService, CourseAccess, CourseListCache, SubscriptionsConsumer],
  exports: [CoursesService, CourseAccess, CourseListCache],
})
export class CoursesModule {}
