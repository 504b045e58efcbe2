import { Module } from '@nestjs/common';
import { BadgesService } from './badges.service.js';

/** Badges: criteria as data, awarded once inside the award's transaction; the catalogue and the admin's view. */
@Module({ providers: [BadgesService], exports: [BadgesService] })
export class BadgesModule {}
