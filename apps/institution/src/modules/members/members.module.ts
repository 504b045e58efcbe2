import { Module } from '@nestjs/common';
import { MembersService } from './members.service.js';

@Module({ providers: [MembersService] })
export class MembersModule {}
