import { Module } from '@nestjs/common';
import { BulkService } from './bulk.service.js';
import { BulkEnrollmentQueue } from './bulk.queue.js';
import { bulkFilesProvider } from './bulk-files.js';

/** Bulk CSV enrollment: the imports, their job, and the job's calls back. */
@Module({ providers: [BulkService, BulkEnrollmentQueue, bulkFilesProvider] })
export class BulkModule {}
