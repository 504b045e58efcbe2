import { Module } from '@nestjs/common';
import { UsersReadModelModule } from '@lp/service-kit';
import { BansRepository } from './bans.repository.js';
import { FILE_STORE, fileStoreProvider } from './file-store.js';
import { GroupAccess } from './group-access.js';
import { GroupViews } from './group-views.js';
import { GroupsDataExporter } from './groups-data.exporter.js';
import { GroupsRepository } from './groups.repository.js';
import { GroupsService } from './groups.service.js';
import { MembersRepository } from './members.repository.js';
import { MembersService } from './members.service.js';
import { Membership } from './membership.js';
import { People } from './people.js';

/**
 * Study groups and their members. Exports what the invitations, the workspace and direct
 * messages build on: the group and member data, who may do what (GroupAccess), membership
 * changes (Membership), the bans (BansRepository), names (People) and the file store.
 */
@Module({
  imports: [UsersReadModelModule],
  providers: [
    GroupsRepository,
    MembersRepository,
    BansRepository,
    People,
    GroupAccess,
    GroupViews,
    Membership,
    fileStoreProvider,
    GroupsService,
    MembersService,
    GroupsDataExporter,
  ],
  exports: [GroupsRepository, MembersRepository, BansRepository, People, GroupAccess, Membership, FILE_STORE],
})
export class GroupsModule {}
