import { Module } from '@nestjs/common';
import { InvitationsService } from './invitations.service.js';

/** Membership by consent: invitations, their acceptance, and leaving. */
@Module({ providers: [InvitationsService] })
export class InvitationsModule {}
