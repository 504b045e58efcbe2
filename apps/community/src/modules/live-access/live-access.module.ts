import { Module } from '@nestjs/common';
import { LiveAccessService } from './live-access.service.js';

/** Who may follow a live feed of the gateway (libs/contracts community/live.ts). */
@Module({ providers: [LiveAccessService] })
export class LiveAccessModule {}
