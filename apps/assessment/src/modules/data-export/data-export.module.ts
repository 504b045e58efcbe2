import { Module } from '@nestjs/common';
import { AssessmentDataExporter } from './assessment-data.exporter.js';

/** Assessment's part of a user's data export. */
@Module({ providers: [AssessmentDataExporter] })
export class DataExportModule {}
