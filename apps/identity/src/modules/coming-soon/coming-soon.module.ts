import { Module } from '@nestjs/common';
import { ComingSoonService } from './coming-soon.service.js';

/** "Notify me" sign-ups for features not built yet. */
@Module({ providers: [ComingSoonService] })
export class ComingSoonModule {}
