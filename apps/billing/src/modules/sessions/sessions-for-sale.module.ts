import { Module } from '@nestjs/common';
import { SessionItem } from './session-item.js';

/** Mentoring sessions as things to buy (priced by mentoring over the bus). */
@Module({ providers: [SessionItem] })
export class SessionsForSaleModule {}
