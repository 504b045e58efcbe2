import { Module } from '@nestjs/common';
import { LeaguesService } from './leagues.service.js';

/** Weekly leagues: placement (called from the award's transaction), the league tab, the worker's weekly close. */
@Module({ providers: [LeaguesService], exports: [LeaguesService] })
export class LeaguesModule {}
