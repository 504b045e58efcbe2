import { Module } from '@nestjs/common';
import { MentorProfilesRepository } from './mentor-profiles.repository.js';
import { MentorsService } from './mentors.service.js';

/** Mentor profiles and discovery; the repository is shared with the schedule (the time zone lives on the profile). */
@Module({
  providers: [MentorsService, MentorProfilesRepository],
  exports: [MentorProfilesRepository],
})
export class MentorsModule {}
