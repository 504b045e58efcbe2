import { Inject, Injectable } from '@nestjs/common';
import type { z } from 'zod';
import { catalogEvents, catalogInternal, catalogRoutes, type EventPayload, type RouteInput, type RouteOutput, type ServiceOutput } from '@lp/contracts';
import type { EventContext, HandlerContext } from '@lp/bus';
import { Handles, HandlesInternal, OnEvent, callerOf } from '@lp/service-kit';
import { CertificatesService } from './certificates.service.js';

type R = typeof catalogRoutes;
type Rendered = typeof catalogInternal.certificateRendered;

@Injectable()
export class CertificatesHandlers {
  constructor(@Inject(CertificatesService) private readonly certificates: CertificatesService) {}

  @Handles(catalogRoutes.certificate)
  async download(input: RouteInput<R['certificate']>, ctx: HandlerContext): Promise<ServiceOutput<R['certificate']>> {
    return this.certificates.download(callerOf(ctx), input.params.courseId, ctx.requestId);
  }

  @Handles(catalogRoutes.verifyCertificate)
  async verify(input: RouteInput<R['verifyCertificate']>, _ctx: HandlerContext): Promise<RouteOutput<R['verifyCertificate']>> {
    return this.certificates.verify(input.params.code);
  }

  /** A learner completed a course: queue the PDF (the job id is the certificate id: once). */
  @OnEvent(catalogEvents.courseCompleted)
  async courseCompleted(p: EventPayload<typeof catalogEvents.courseCompleted>, ctx: EventContext): Promise<void> {
    await this.certificates.queueRender(p.certificate_id, ctx.envelope.request_id);
  }

  /** Bus only: the worker stored the PDF. */
  @HandlesInternal(catalogInternal.certificateRendered)
  async rendered(payload: z.infer<Rendered['request']>, _ctx: HandlerContext): Promise<z.infer<Rendered['response']>> {
    await this.certificates.rendered(payload.certificate_id, payload.storage_key);
    return { message: 'Certificate recorded' };
  }
}
