import { Inject, Injectable } from '@nestjs/common';
import type { z } from 'zod';
import { catalogRoutes, type ReviewSchema, type RouteInput } from '@lp/contracts';
import { UnitOfWork, Clock, Handles, currentCaller, isUniqueViolation, iso } from '@lp/service-kit';
import { catalogErrors } from '../../common/catalog-errors.js';
import { UNKNOWN_USER_NAME } from '@lp/service-kit';
import { CourseAccess } from '../courses/course-access.js';
import { CoursesRepository } from '../courses/courses.repository.js';
import { CourseListCache } from '../courses/course-list.cache.js';
import { ReviewsRepository, type ReviewView } from './reviews.repository.js';

type R = typeof catalogRoutes;
type Review = z.infer<typeof ReviewSchema>;
const REVIEW_LIST_SIZE = 200;

const toReview = (r: ReviewView): Review => ({
  id: r.id,
  course_id: r.courseId,
  user_id: r.userId,
  user_name: r.user?.name ?? UNKNOWN_USER_NAME,
  rating: r.rating,
  comment: r.comment,
  created_at: iso(r.createdAt),
});

/**
 * Reviews: one per enrolled learner and course. The course's rating_avg and rating_count
 * are recomputed from the reviews in the same transaction, under a lock of the course
 * row, so concurrent reviews never leave them wrong.
 */
@Injectable()
export class ReviewsService {
  constructor(
    @Inject(ReviewsRepository) private readonly reviews: ReviewsRepository,
    @Inject(CoursesRepository) private readonly courses: CoursesRepository,
    @Inject(CourseAccess) private readonly access: CourseAccess,
    @Inject(CourseListCache) private readonly listCache: CourseListCache,
    @Inject(UnitOfWork) private readonly uow: UnitOfWork,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  @Handles(catalogRoutes.listReviews)
  async list({ params }: RouteInput<R['listReviews']>): Promise<Review[]> {
    await this.access.visible(params.id, currentCaller());
    return (await this.reviews.listForCourse(params.id, REVIEW_LIST_SIZE)).map(toReview);
  }

  @Handles(catalogRoutes.createReview)
  async create({ params, body }: RouteInput<R['createReview']>): Promise<Review> {
    const caller = currentCaller();
    await this.access.enrolled(params.id, caller);
    return toReview(await this.write(params.id, caller.userId, body.rating, body.comment));
  }

  /** Used by the seed as well: no enrollment check. */
  async write(courseId: string, userId: string, rating: number, comment: string): Promise<ReviewView> {
    if (await this.reviews.findForUser(courseId, userId)) throw catalogErrors.alreadyReviewed();
    try {
      const id = await this.uow.run(async (tx) => {
        await this.courses.lock(tx, courseId);
        const reviewId = await this.reviews.insert(tx, { courseId, userId, rating, comment }, this.clock.now());
        await this.reviews.refreshRating(tx, courseId);
        return reviewId;
      });
      this.listCache.invalidate();
      return (await this.reviews.find(id))!;
    } catch (e) {
      if (isUniqueViolation(e, 'reviews_course_user_key')) throw catalogErrors.alreadyReviewed();
      throw e;
    }
  }
}
