import { Module } from '@nestjs/common';
import { QuizzesModule } from '../quizzes/quizzes.module.js';
import { TakingService } from './taking.service.js';

/** Taking: sessions on the server's clock, progress saved, each submission graded once. */
@Module({ imports: [QuizzesModule], providers: [TakingService] })
export class TakingModule {}
