import { Inject, Injectable } from '@nestjs/common';
import type { z } from 'zod';
import {
  AppError,
  catalogEvents,
  catalogInternal,
  catalogRoutes,
  type CertificateJobData,
  type CertificateVerification,
  type EventPayload,
  type FileRef,
  type PendingWork,
  type RouteInput,
  CatalogErrorCode,
  certificateVerifyPath,
} from '@lp/contracts';
import {
  ENV,
  LOGGER,
  UnitOfWork,
  type Logger,
  Clock,
  Handles,
  HandlesInternal,
  OnEvent,
  currentCaller,
  currentRequestId,
  iso,
} from '@lp/service-kit';
import type { CatalogEnv } from '../../config/catalog-env.js';
import { catalogErrors } from '../../common/catalog-errors.js';
import { CourseAccess } from '../courses/course-access.js';
import { ProgressRepository } from '../progress/progress.repository.js';
import type { CertificateEntity } from '../../entities/certificate.entity.js';
import { CertificatesRepository } from './certificates.repository.js';
import { CertificateIssuer } from './certificate-issuer.js';
import { CertificateQueue } from './certificate.queue.js';
import { certificateFilename } from './certificate-code.util.js';

type R = typeof catalogRoutes;
type Rendered = typeof catalogInternal.certificateRendered;

/**
 * Certificates: issued when a learner reaches 100% (see CertificateIssuer), rendered to
 * PDF by the worker's job, served to their learner, verified by anyone with the code.
 */
@Injectable()
export class CertificatesService {
  constructor(
    @Inject(CertificatesRepository) private readonly certificates: CertificatesRepository,
    @Inject(CertificateIssuer) private readonly issuer: CertificateIssuer,
    @Inject(CertificateQueue) private readonly queue: CertificateQueue,
    @Inject(ProgressRepository) private readonly progress: ProgressRepository,
    @Inject(CourseAccess) private readonly access: CourseAccess,
    @Inject(UnitOfWork) private readonly uow: UnitOfWork,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(ENV) private readonly env: CatalogEnv,
    @Inject(LOGGER) private readonly log: Logger,
  ) {}

  /** The learner's PDF; while the worker makes it (a short wait at most), 202 with the progress. */
  @Handles(catalogRoutes.certificate)
  async download({ params: { courseId } }: RouteInput<R['certificate']>): Promise<FileRef | { pending: PendingWork }> {
    const caller = currentCaller();
    const { course, enrollment } = await this.access.enrolled(courseId, caller);
    let cert = await this.certificates.findForUser(caller.userId, courseId);
    if (!cert) {
      // 100% reached without a completion in between (lessons were removed): issue it now
      const p = await this.progress.compute(courseId, caller.userId);
      if (!p.complete) throw catalogErrors.courseNotCompleted();
      cert = await this.uow.run((tx) => this.issuer.issue(tx, enrollment, course, this.clock.now()));
    }
    if (cert.storageKey) return this.fileRef(cert);
    // the job id is the certificate id: asking again joins the same job, never a second render
    const job = await this.queue.add(this.jobData(cert), cert.id);
    const outcome = await this.queue.settle(job, this.env.CERTIFICATE_WAIT_MS).catch((e: unknown) => {
      this.log.warn({ err: e, certificateId: cert.id }, 'certificate render failed');
      throw catalogErrors.certificatePending();
    });
    const fresh = await this.certificates.findById(cert.id);
    if (fresh?.storageKey) return this.fileRef(fresh);
    const progress = 'pending' in outcome ? outcome.pending : { status: 'running' as const, progress: 90 };
    return { pending: { ...progress, retry_after: 2, message: 'Your certificate is being prepared' } };
  }

  /** A learner completed a course: queue the PDF (the job id is the certificate id: once). */
  @OnEvent(catalogEvents.courseCompleted)
  async queueRender({ certificate_id }: EventPayload<typeof catalogEvents.courseCompleted>): Promise<void> {
    const cert = await this.certificates.findById(certificate_id);
    if (!cert || cert.storageKey) return;
    await this.queue.add(this.jobData(cert), cert.id);
  }

  /** Bus only: the worker stored the PDF. */
  @HandlesInternal(catalogInternal.certificateRendered)
  async rendered({ certificate_id, storage_key }: z.infer<Rendered['request']>): Promise<z.infer<Rendered['response']>> {
    if (!(await this.certificates.markRendered(certificate_id, storage_key, this.clock.now()))) {
      throw AppError.notFound('Unknown certificate', CatalogErrorCode.CERTIFICATE_NOT_FOUND);
    }
    return { message: 'Certificate recorded' };
  }

  @Handles(catalogRoutes.verifyCertificate)
  async verify({ params: { code } }: RouteInput<R['verifyCertificate']>): Promise<z.infer<typeof CertificateVerification>> {
    const cert = await this.certificates.findByCode(code);
    if (!cert) throw catalogErrors.certificateNotFound();
    return {
      valid: true,
      verification_code: cert.verificationCode,
      learner_name: cert.learnerName,
      course_id: cert.courseId,
      course_title: cert.courseTitle,
      instructor_name: cert.instructorName,
      issued_at: iso(cert.completedAt),
    };
  }

  jobData(cert: CertificateEntity): CertificateJobData {
    const requestId = currentRequestId();
    return {
      certificate_id: cert.id,
      user_id: cert.userId,
      course_id: cert.courseId,
      learner_name: cert.learnerName,
      course_title: cert.courseTitle,
      instructor_name: cert.instructorName,
      completed_at: iso(cert.completedAt),
      verification_code: cert.verificationCode,
      // the SPA's public page (a person reads it), not the JSON route behind it
      verify_url: `${this.env.PUBLIC_URL}${certificateVerifyPath(cert.verificationCode)}`,
      ...(requestId ? { request_id: requestId } : {}),
    };
  }

  private fileRef(cert: CertificateEntity): FileRef {
    return { storage_key: cert.storageKey!, filename: certificateFilename(cert.courseTitle), content_type: 'application/pdf' };
  }
}
