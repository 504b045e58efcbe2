import { Module } from '@nestjs/common';
import { InsightsService } from './insights.service.js';

/** The institution's Overview figures and its Analytics tab. */
@Module({ providers: [InsightsService] })
export class InsightsModule {}
