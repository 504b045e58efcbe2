import { Module } from '@nestjs/common';
import { AvailabilityService } from './availability.service.js';

/** The weekly schedule and time off. */
@Module({ providers: [AvailabilityService] })
export class AvailabilityModule {}
