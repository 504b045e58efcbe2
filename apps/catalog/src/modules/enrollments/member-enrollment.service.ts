import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { z } from 'zod';
import { catalogInternal } from '@lp/contracts';
import { HandlesInternal, UnitOfWork, isRetryableConflict, isUniqueViolation } from '@lp/service-kit';
import { catalogErrors } from '../../common/catalog-errors.js';
import { CourseListCache } from '../courses/course-list.cache.js';
import { CoursesRepository } from '../courses/courses.repository.js';
import { EnrollmentsRepository } from './enrollments.repository.js';
import { EnrollmentsService } from './enrollments.service.js';

type EnrollMembers = typeof catalogInternal.enrollMembers;
type Reply = z.infer<EnrollMembers['response']>;

/**
 * An institution enrolls its members in one of its own courses (one by one, from a CSV, through
 * an API key): free of charge, idempotent per (course, user), the whole batch in one
 * transaction, each new enrollment written and announced (catalog.enrollment.created) by the
 * same code as a learner's own enrollment.
 *
 * The user ids are not checked against catalog's users read model: institution took them from
 * identity's answer a moment ago (ensureMemberAccounts), so a freshly made account is usually
 * not there yet, and refusing it would fail every first import. Enrollments refer to users by
 * id only (no foreign key), as a payment's enrollment does; until identity.user.registered
 * arrives, such a learner shows as "Unknown user" where catalog names people.
 */
@Injectable()
export class MemberEnrollmentService {
  constructor(
    @Inject(EnrollmentsService) private readonly enrolling: EnrollmentsService,
    @Inject(EnrollmentsRepository) private readonly enrollments: EnrollmentsRepository,
    @Inject(CoursesRepository) private readonly courses: CoursesRepository,
    @Inject(CourseListCache) private readonly listCache: CourseListCache,
    @Inject(UnitOfWork) private readonly uow: UnitOfWork,
  ) {}

  @HandlesInternal(catalogInternal.enrollMembers)
  async enroll(req: z.infer<EnrollMembers['request']>): Promise<Reply> {
    for (let attempt = 1; ; attempt++) {
      try {
        const reply = await this.uow.run((tx) => this.enrollBatch(tx, req));
        if (reply.enrollments.some((e) => e.created)) this.listCache.invalidate();
        return reply;
      } catch (e) {
        // a learner enrolling themself in the same instant: the next attempt finds their enrollment
        if ((isUniqueViolation(e, 'enrollments_course_user_key') || isRetryableConflict(e)) && attempt < 3) continue;
        throw e;
      }
    }
  }

  private async enrollBatch(tx: EntityManager, req: z.infer<EnrollMembers['request']>): Promise<Reply> {
    // the course row is locked: two batches of one course queue up instead of racing per user
    const course = await this.courses.lock(tx, req.course_id);
    if (!course || course.institutionId !== req.institution_id) throw catalogErrors.courseNotFound();
    const made = await this.enrolling.insertFree(tx, course, req.user_ids);
    const createdFor = new Map(made.map((e) => [e.userId, e.id]));
    const existing = await this.enrollments.idsOf(
      course.id,
      req.user_ids.filter((u) => !createdFor.has(u)),
      tx,
    );
    // the same user twice in one batch: made once, found the second time
    const seen = new Set<string>();
    const enrollments: Reply['enrollments'] = req.user_ids.map((userId) => {
      const created = createdFor.has(userId) && !seen.has(userId);
      seen.add(userId);
      return { user_id: userId, enrollment_id: createdFor.get(userId) ?? existing.get(userId)!, created };
    });
    return { enrollments };
  }
}
