import { Module } from '@nestjs/common';
import { CoursesModule } from '../courses/courses.module.js';
import { EnrollmentsService } from './enrollments.service.js';
import { MemberEnrollmentService } from './member-enrollment.service.js';
import { PaymentsConsumer } from './payments.consumer.js';

/** Enrollment, free or paid (billing's payment events enroll the payer); the owner's facts and prices for other services. */
@Module({
  imports: [CoursesModule],
  providers: [EnrollmentsService, PaymentsConsumer, MemberEnrollmentService],
  exports: [EnrollmentsService],
})
export class EnrollmentsModule {}
