import { Global, Module } from '@nestjs/common';
import { DirectMessagesRepository } from './modules/direct-messages/direct-messages.repository.js';
import { BansRepository } from './modules/groups/bans.repository.js';
import { GroupsRepository } from './modules/groups/groups.repository.js';
import { MembersRepository } from './modules/groups/members.repository.js';
import { InvitationsRepository } from './modules/invitations/invitations.repository.js';
import { LiveAccessRepository } from './modules/live-access/live-access.repository.js';
import { QaRepository } from './modules/qa/qa.repository.js';
import { WorkspaceRepository } from './modules/workspace/workspace.repository.js';

const repositories = [
  GroupsRepository,
  MembersRepository,
  BansRepository,
  InvitationsRepository,
  WorkspaceRepository,
  DirectMessagesRepository,
  QaRepository,
  LiveAccessRepository,
];

/**
 * Community's data layer: one repository per area over the service's one database. Invitations,
 * the workspace and direct messages read groups, members and bans, so the repositories are
 * shared here while each feature module exports only its services.
 */
@Global()
@Module({ providers: repositories, exports: repositories })
export class CommunityDataModule {}
