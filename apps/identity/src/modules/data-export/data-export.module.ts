import { Module } from '@nestjs/common';
import { UsersModule } from '../users/users.module.js';
import { DataExportQueue } from './data-export.queue.js';
import { DataExportService } from './data-export.service.js';
import { UserDataExporter } from './user-data.exporter.js';

/** The user's data export: identity's part, and the job that gathers every service's. */
@Module({ imports: [UsersModule], providers: [DataExportService, DataExportQueue, UserDataExporter] })
export class DataExportModule {}
