import { Module } from '@nestjs/common';
import { InsightsService } from './insights.service.js';

/** The mentor's analytics and business intelligence. */
@Module({ providers: [InsightsService] })
export class InsightsModule {}
