import { Module } from '@nestjs/common';
import { QaDataExporter } from './qa-data.exporter.js';
import { QaService } from './qa.service.js';

/** The global Q&A forum (/qa): questions, answers, upvotes, accepted answers, search. */
@Module({ providers: [QaService, QaDataExporter] })
export class QaModule {}
