import { Module } from '@nestjs/common';
import { CoursesConsumer } from './courses.consumer.js';

/** The read models of catalog's courses and enrollments (institutions' courses only). */
@Module({ providers: [CoursesConsumer] })
export class CoursesModule {}
