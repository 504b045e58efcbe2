import { Module } from '@nestjs/common';
import { MembersConsumer } from './members.consumer.js';
import { PortalMembers } from './portal-members.service.js';

/** The institution members read model and its Redis set per institution (portal boards rank within it). */
@Module({ providers: [MembersConsumer, PortalMembers], exports: [PortalMembers] })
export class MembersModule {}
