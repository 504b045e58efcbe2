import { Module } from '@nestjs/common';
import { UsersReadModelModule } from '@lp/service-kit';
import { FILE_STORE, fileStoreProvider } from './file-store.js';
import { GroupAccess } from './group-access.js';
import { GroupViews } from './group-views.js';
import { GroupsDataExporter } from './groups-data.exporter.js';
import { GroupsService } from './groups.service.js';
import { MembersService } from './members.service.js';
import { Membership } from './membership.js';
import { People } from './people.js';

/**
 * Study groups and their members. Exports what the invitations, the workspace and direct
 * messages build on (the repositories are the data module's): who may do what (GroupAccess),
 * membership changes (Membership), names (People) and the file store.
 */
@Module({
  imports: [UsersReadModelModule],
  providers: [People, GroupAccess, GroupViews, Membership, fileStoreProvider, GroupsService, MembersService, GroupsDataExporter],
  exports: [People, GroupAccess, Membership, FILE_STORE],
})
export class GroupsModule {}
