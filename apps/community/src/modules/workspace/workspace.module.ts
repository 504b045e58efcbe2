import { Module } from '@nestjs/common';
import { GroupsModule } from '../groups/groups.module.js';
import { AnalyticsService } from './analytics.service.js';
import { FilesService } from './files.service.js';
import { WorkspaceService } from './workspace.service.js';

/** A group's workspace (members only): messages, files, events, Group Discussions, and the managers' analytics. */
@Module({ imports: [GroupsModule], providers: [WorkspaceService, FilesService, AnalyticsService] })
export class WorkspaceModule {}
