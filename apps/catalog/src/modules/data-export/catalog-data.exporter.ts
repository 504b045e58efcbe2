import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ExportsUserData, iso, isoOrNull } from '@lp/service-kit';
import { ItemCompletionEntity, LessonCompletionEntity } from '../../entities/completion.entity.js';
import { CourseEntity } from '../../entities/course.entity.js';
import { CoursePaymentEntity } from '../../entities/course-payment.entity.js';
import { AnalyticsRepository } from '../analytics/analytics.repository.js';
import { CertificatesRepository } from '../certificates/certificates.repository.js';
import { ReviewsRepository } from '../reviews/reviews.repository.js';
import { MessagesRepository } from '../instructor/messages.repository.js';
import { KnowledgeHubRepository } from '../knowledge-hub/knowledge-hub.repository.js';

/** Catalog's part of "Download my data": what catalog keeps about the person, nothing about others beyond names. */
@Injectable()
export class CatalogDataExporter {
  constructor(
    @Inject(DataSource) private readonly ds: DataSource,
    @Inject(AnalyticsRepository) private readonly analytics: AnalyticsRepository,
    @Inject(CertificatesRepository) private readonly certificates: CertificatesRepository,
    @Inject(ReviewsRepository) private readonly reviews: ReviewsRepository,
    @Inject(MessagesRepository) private readonly messages: MessagesRepository,
    @Inject(KnowledgeHubRepository) private readonly resources: KnowledgeHubRepository,
  ) {}

  @ExportsUserData()
  async exportUserData(userId: string): Promise<Record<string, unknown>> {
    const [enrollments, lessons, items, reviews, messages, certificates, taught, resources, payments] = await Promise.all([
      this.analytics.learnerEnrollments(userId),
      this.ds.getRepository(LessonCompletionEntity).find({ where: { userId }, order: { completedAt: 'ASC' } }),
      this.ds.getRepository(ItemCompletionEntity).find({ where: { userId }, order: { completedAt: 'ASC' } }),
      this.reviews.listForUser(userId),
      this.messages.listForUserExport(userId),
      this.certificates.listForUser(userId),
      this.ds.getRepository(CourseEntity).find({
        select: { id: true, title: true, isPublished: true, createdAt: true },
        where: { instructorId: userId },
        order: { createdAt: 'ASC' },
      }),
      this.resources.listForUploader(userId),
      this.ds.getRepository(CoursePaymentEntity).find({ where: { userId }, order: { paidAt: 'ASC' } }),
    ]);
    return {
      enrollments: enrollments.map((e) => ({
        course_id: e.course_id,
        course_title: e.title,
        enrolled_at: iso(e.enrolled_at),
        completed_at: isoOrNull(e.completed_at),
        last_activity_at: iso(e.last_activity_at),
        progress: e.progress,
      })),
      lesson_completions: lessons.map((l) => ({
        lesson_id: l.lessonId,
        course_id: l.courseId,
        time_spent_minutes: l.timeSpentMinutes,
        completed_at: iso(l.completedAt),
      })),
      content_item_completions: items.map((i) => ({
        content_item_id: i.contentItemId,
        course_id: i.courseId,
        completed_at: iso(i.completedAt),
      })),
      reviews: reviews.map((r) => ({ course_id: r.courseId, rating: r.rating, comment: r.comment, created_at: iso(r.createdAt) })),
      messages: messages.map((m) => ({
        direction: m.senderId === userId ? 'sent' : 'received',
        with: (m.senderId === userId ? m.recipient?.name : m.sender?.name) ?? null,
        subject: m.subject,
        message: m.body,
        course_title: m.course?.title ?? null,
        is_read: m.isRead,
        created_at: iso(m.createdAt),
      })),
      certificates: certificates.map((c) => ({
        course_id: c.courseId,
        course_title: c.courseTitle,
        verification_code: c.verificationCode,
        issued_at: iso(c.completedAt),
      })),
      courses_taught: taught.map((c) => ({ id: c.id, title: c.title, is_published: c.isPublished, created_at: iso(c.createdAt) })),
      knowledge_hub_uploads: resources.map((r) => ({
        id: r.id,
        title: r.title,
        resource_type: r.resourceType,
        created_at: iso(r.createdAt),
      })),
      course_payments: payments.map((p) => ({
        payment_id: p.paymentId,
        course_id: p.courseId,
        amount: p.amount,
        currency: p.currency,
        paid_at: iso(p.paidAt),
      })),
    };
  }
}
