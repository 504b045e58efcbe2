import { Module } from '@nestjs/common';
import { PlansService } from './plans.service.js';

/** Sub-leasing plans of an institution. */
@Module({ providers: [PlansService] })
export class PlansModule {}
