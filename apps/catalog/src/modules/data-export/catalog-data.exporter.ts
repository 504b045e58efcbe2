import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ExportsUserData, iso, isoOrNull, queryRows } from '@lp/service-kit';
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
      queryRows<{ lesson_id: string; course_id: string; time_spent_minutes: number; completed_at: Date }>(
        this.ds,
        'SELECT lesson_id, course_id, time_spent_minutes, completed_at FROM lesson_completions WHERE user_id = $1 ORDER BY completed_at',
        [userId],
      ),
      queryRows<{ content_item_id: string; course_id: string; completed_at: Date }>(
        this.ds,
        'SELECT content_item_id, course_id, completed_at FROM item_completions WHERE user_id = $1 ORDER BY completed_at',
        [userId],
      ),
      this.reviews.listForUser(userId),
      this.messages.listForUserExport(userId),
      this.certificates.listForUser(userId),
      queryRows<{ id: string; title: string; is_published: boolean; created_at: Date }>(
        this.ds,
        'SELECT id, title, is_published, created_at FROM courses WHERE instructor_id = $1 ORDER BY created_at',
        [userId],
      ),
      this.resources.listForUploader(userId),
      queryRows<{ payment_id: string; course_id: string; amount: string; currency: string; paid_at: Date }>(
        this.ds,
        'SELECT payment_id, course_id, amount, currency, paid_at FROM course_payments WHERE user_id = $1 ORDER BY paid_at',
        [userId],
      ),
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
      lesson_completions: lessons.map((l) => ({ ...l, completed_at: iso(l.completed_at) })),
      content_item_completions: items.map((i) => ({ ...i, completed_at: iso(i.completed_at) })),
      reviews: reviews.map((r) => ({ course_id: r.course_id, rating: r.rating, comment: r.comment, created_at: iso(r.created_at) })),
      messages: messages.map((m) => ({
        direction: m.sender_id === userId ? 'sent' : 'received',
        with: m.sender_id === userId ? m.recipient_name : m.sender_name,
        subject: m.subject,
        message: m.body,
        course_title: m.course_title,
        is_read: m.is_read,
        created_at: iso(m.created_at),
      })),
      certificates: certificates.map((c) => ({
        course_id: c.course_id,
        course_title: c.course_title,
        verification_code: c.verification_code,
        issued_at: iso(c.completed_at),
      })),
      courses_taught: taught.map((c) => ({ ...c, created_at: iso(c.created_at) })),
      knowledge_hub_uploads: resources.map((r) => ({
        id: r.id,
        title: r.title,
        resource_type: r.resource_type,
        created_at: iso(r.created_at),
      })),
      course_payments: payments.map((p) => ({ ...p, amount: p.amount, paid_at: iso(p.paid_at) })),
    };
  }
}
