import { Module } from '@nestjs/common';
import { EmailQueue } from '@lp/service-kit';
import { GroupsModule } from '../groups/groups.module.js';
import { InvitationEmails } from './invitation-email.js';
import { InvitationsService } from './invitations.service.js';

/** Invitations by e-mail: signed links, their answers, and the e-mail jobs for the worker. */
@Module({ imports: [GroupsModule], providers: [InvitationsService, EmailQueue, InvitationEmails] })
export class InvitationsModule {}
