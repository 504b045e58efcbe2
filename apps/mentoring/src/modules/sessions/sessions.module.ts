import { Module } from '@nestjs/common';
import { AvailabilityModule } from '../availability/availability.module.js';
import { MentorsModule } from '../mentors/mentors.module.js';
import { BookingService } from './booking.service.js';
import { SessionLifecycle } from './session-lifecycle.js';
import { SessionsRepository } from './sessions.repository.js';
import { SessionsService } from './sessions.service.js';

/** Booking and the life of a session. */
@Module({
  imports: [MentorsModule, AvailabilityModule],
  providers: [BookingService, SessionsService, SessionLifecycle, SessionsRepository],
})
export class SessionsModule {}
