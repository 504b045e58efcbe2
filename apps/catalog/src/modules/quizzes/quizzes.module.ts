import { Module } from '@nestjs/common';
import { QuizzesConsumer } from './quizzes.consumer.js';

/** Assessment's quizzes and attempts as catalog keeps them (its events), for progress and dashboards. */
@Module({ providers: [QuizzesConsumer] })
export class QuizzesModule {}
