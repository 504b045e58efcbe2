import { Module } from '@nestjs/common';
import { CoursesService } from './courses.service.js';
import { CourseAccess } from './course-access.js';
import { CourseListCache } from './course-list.cache.js';

/** Courses: browse, create, read, edit, publish; who may see and change a course; the list cache. */
@Module({ providers: [CoursesService, CourseAccess, CourseListCache], exports: [CoursesService, CourseAccess, CourseListCache] })
export class CoursesModule {}
