import { Module } from '@nestjs/common';
import { CatalogFacts } from './catalog-facts.js';
import { CatalogConsumer } from './catalog.consumer.js';

/** Catalog's courses, owners and enrollments as assessment keeps them (its events), and the owner's word when they have not arrived yet. */
@Module({ providers: [CatalogFacts, CatalogConsumer], exports: [CatalogFacts] })
export class CatalogReadModelModule {}
