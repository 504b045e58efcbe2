import { Module } from '@nestjs/common';
import { EarningsService } from './earnings.service.js';

/** Instructors' and mentors' earnings from their revenue shares. */
@Module({ providers: [EarningsService] })
export class EarningsModule {}
