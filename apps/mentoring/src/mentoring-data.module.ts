import { Global, Module } from '@nestjs/common';
import { AvailabilityRepository } from './modules/availability/availability.repository.js';
import { MentorProfilesRepository } from './modules/mentors/mentor-profiles.repository.js';
import { SessionsRepository } from './modules/sessions/sessions.repository.js';

const repositories = [MentorProfilesRepository, AvailabilityRepository, SessionsRepository];

/**
 * Mentoring's data layer: one repository per area over the service's one database. Booking
 * reads the profile (time zone, rate) and the weekly schedule, the insights read both, so the
 * repositories are shared here while each feature module exports only its services.
 */
@Global()
@Module({ providers: repositories, exports: repositories })
export class MentoringDataModule {}
