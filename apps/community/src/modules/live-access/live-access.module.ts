import { Module } from '@nestjs/common';
import { LiveAccessRepository } from './live-access.repository.js';
import { LiveAccessService } from './live-access.service.js';

/** Who may follow a live feed of the gateway (libs/contracts community/live.ts). */
@Module({ providers: [LiveAccessRepository, LiveAccessService] })
export class LiveAccessModule {}
