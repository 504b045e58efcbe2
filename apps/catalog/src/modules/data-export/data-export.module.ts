import { Module } from '@nestjs/common';
import { CatalogDataExporter } from './catalog-data.exporter.js';

/** Catalog's part of a user's data export. */
@Module({ providers: [CatalogDataExporter] })
export class DataExportModule {}
