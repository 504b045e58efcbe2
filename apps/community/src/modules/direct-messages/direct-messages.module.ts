import { Module } from '@nestjs/common';
import { GroupsModule } from '../groups/groups.module.js';
import { DirectMessagesService } from './direct-messages.service.js';

/** Direct messages: POST /messages and the caller's sent and received ones. */
@Module({ imports: [GroupsModule], providers: [DirectMessagesService] })
export class DirectMessagesModule {}
