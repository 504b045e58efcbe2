import { Module } from '@nestjs/common';
import { DeskService } from './desk.service.js';

/** Session notes, mentee progress records and resources. */
@Module({ providers: [DeskService] })
export class DeskModule {}
