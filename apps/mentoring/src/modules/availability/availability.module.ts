import { Module } from '@nestjs/common';
import { MentorsModule } from '../mentors/mentors.module.js';
import { AvailabilityRepository } from './availability.repository.js';
import { AvailabilityService } from './availability.service.js';

/** The weekly schedule and time off. */
@Module({
  imports: [MentorsModule],
  providers: [AvailabilityService, AvailabilityRepository],
  exports: [AvailabilityRepository],
})
export class AvailabilityModule {}
