import { Module } from '@nestjs/common';
import { CoursesModule } from '../courses/courses.module.js';
import { AnnouncementsRepository } from './announcements.repository.js';
import { AnnouncementsService } from './announcements.service.js';

/** A course's announcements to its learners, and the page of learners the engagement service notifies. */
@Module({ imports: [CoursesModule], providers: [AnnouncementsRepository, AnnouncementsService] })
export class AnnouncementsModule {}
