import { Module } from '@nestjs/common';
import { MentorsService } from './mentors.service.js';

/** Mentor profiles and discovery. */
@Module({ providers: [MentorsService] })
export class MentorsModule {}
