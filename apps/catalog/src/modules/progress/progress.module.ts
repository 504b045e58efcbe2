import { Module } from '@nestjs/common';
import { CoursesModule } from '../courses/courses.module.js';
import { CertificatesModule } from '../certificates/certificates.module.js';
import { ProgressService } from './progress.service.js';

/** Progress: completions, a course's percentage, and what reaching 100 % sets off. */
@Module({ imports: [CoursesModule, CertificatesModule], providers: [ProgressService], exports: [ProgressService] })
export class ProgressModule {}
