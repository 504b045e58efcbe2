import { Module } from '@nestjs/common';
import { CoursesModule } from '../courses/courses.module.js';
import { CertificatesService } from './certificates.service.js';
import { CertificateIssuer } from './certificate-issuer.js';
import { CertificateQueue } from './certificate.queue.js';

/** Certificates: issued at 100 %, rendered to PDF by the worker's job, verified by code. */
@Module({ imports: [CoursesModule], providers: [CertificatesService, CertificateIssuer, CertificateQueue], exports: [CertificateIssuer] })
export class CertificatesModule {}
