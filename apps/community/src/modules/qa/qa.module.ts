import { Module } from '@nestjs/common';
import { QaDataExporter } from './qa-data.exporter.js';
import { QaRepository } from './qa.repository.js';
import { QaService } from './qa.service.js';

/** The global Q&A forum (/qa): questions, answers, upvotes, accepted answers, search. */
@Module({ providers: [QaService, QaRepository, QaDataExporter] })
export class QaModule {}
