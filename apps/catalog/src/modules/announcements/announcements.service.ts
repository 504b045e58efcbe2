import { Inject, Injectable } from '@nestjs/common';
import type { z } from 'zod';
import { catalogEvents, catalogInternal, catalogRoutes, type CourseAnnouncement, type RouteInput } from '@lp/contracts';
import { writeEvent } from '@lp/bus';
import { Clock, Handles, HandlesInternal, UNKNOWN_USER_NAME, UnitOfWork, currentCaller, iso } from '@lp/service-kit';
import { catalogErrors } from '../../common/catalog-errors.js';
import { CourseAccess } from '../courses/course-access.js';
import { CoursesRepository } from '../courses/courses.repository.js';
import { EnrollmentsRepository } from '../enrollments/enrollments.repository.js';
import { AnnouncementsRepository, type AnnouncementView } from './announcements.repository.js';

type R = typeof catalogRoutes;
type Learners = typeof catalogInternal.courseLearners;

const toAnnouncement = (a: AnnouncementView): CourseAnnouncement => ({
  id: a.id,
  course_id: a.courseId,
  title: a.title,
  message: a.message,
  posted_by: a.postedBy,
  posted_by_name: a.poster?.name ?? UNKNOWN_USER_NAME,
  created_at: iso(a.createdAt),
});

/**
 * Course announcements. Catalog keeps the row and writes catalog.course.announced in the same
 * transaction; telling the learners (in the app, e-mail, Telegram, push) is the engagement
 * service's, which pages the learners through catalog.course.learners: an event carrying 10,000
 * user ids would be a message of half a megabyte, and the list at consumption time leaves out
 * whoever left the course meanwhile.
 */
@Injectable()
export class AnnouncementsService {
  constructor(
    @Inject(AnnouncementsRepository) private readonly announcements: AnnouncementsRepository,
    @Inject(CoursesRepository) private readonly courses: CoursesRepository,
    @Inject(EnrollmentsRepository) private readonly enrollments: EnrollmentsRepository,
    @Inject(CourseAccess) private readonly access: CourseAccess,
    @Inject(UnitOfWork) private readonly uow: UnitOfWork,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  @Handles(catalogRoutes.postAnnouncement)
  async post({ params, body }: RouteInput<R['postAnnouncement']>): Promise<z.infer<R['postAnnouncement']['response']>> {
    const caller = currentCaller();
    const course = await this.courses.findById(params.id);
    if (!course) throw catalogErrors.courseNotFound();
    // the course's own instructor, or an admin; another instructor may not speak for the course
    if (course.instructorId !== caller.userId && caller.role !== 'admin') throw catalogErrors.notCourseOwner();
    const id = await this.uow.run(async (tx) => {
      const row = await this.announcements.insert(
        tx,
        { courseId: course.id, title: body.title, message: body.message, postedBy: caller.userId },
        this.clock.now(),
      );
      await writeEvent(tx, catalogEvents.courseAnnounced, {
        v: 1,
        announcement_id: row.id,
        course_id: course.id,
        course_title: course.title,
        instructor_id: course.instructorId,
        posted_by: caller.userId,
        title: row.title,
        message: row.message,
        posted_at: iso(row.createdAt),
      });
      return row.id;
    });
    return { announcement: toAnnouncement((await this.announcements.find(id))!), message: 'Announcement posted' };
  }

  @Handles(catalogRoutes.courseAnnouncements)
  async list({ params, query }: RouteInput<R['courseAnnouncements']>): Promise<z.infer<R['courseAnnouncements']['response']>> {
    const caller = currentCaller();
    if (caller.role === 'admin') {
      // an admin reads any course's, drafts included (as they may post to it)
      if (!(await this.courses.findById(params.id))) throw catalogErrors.courseNotFound();
    } else {
      const { owner } = await this.access.visible(params.id, caller);
      if (!owner && !(await this.enrollments.find(params.id, caller.userId))) throw catalogErrors.notEnrolled();
    }
    const [rows, total] = await this.announcements.listForCourse(params.id, query.limit, query.offset);
    return { announcements: rows.map(toAnnouncement), total };
  }

  @HandlesInternal(catalogInternal.courseLearners)
  async learners(req: z.infer<Learners['request']>): Promise<z.infer<Learners['response']>> {
    // one more than asked says whether another page follows, so the last page ends with next null
    const ids = await this.announcements.learnerPage(req.course_id, req.after, req.limit + 1);
    const page = ids.slice(0, req.limit);
    return { user_ids: page, next: ids.length > req.limit ? page[page.length - 1]! : null };
  }
}
