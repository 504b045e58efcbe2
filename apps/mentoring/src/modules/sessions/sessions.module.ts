import { Module } from '@nestjs/common';
import { BookingService } from './booking.service.js';
import { SessionLifecycle } from './session-lifecycle.js';
import { SessionsService } from './sessions.service.js';

/** Booking and the life of a session. */
@Module({ providers: [BookingService, SessionsService, SessionLifecycle] })
export class SessionsModule {}
