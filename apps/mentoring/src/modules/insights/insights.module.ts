import { Module } from '@nestjs/common';
import { AvailabilityModule } from '../availability/availability.module.js';
import { MentorsModule } from '../mentors/mentors.module.js';
import { InsightsService } from './insights.service.js';

/** The mentor's analytics and business intelligence. */
@Module({ imports: [MentorsModule, AvailabilityModule], providers: [InsightsService] })
export class InsightsModule {}
