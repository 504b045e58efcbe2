import { Column } from 'typeorm';
import { SEARCH_TEXT } from '../migrations/1764600000000-typeorm-metadata.js';

/**
 * The lowercase title + description that catalog search matches through a trigram index
 * (courses, knowledge resources): PostgreSQL computes it, nothing writes or reads it back,
 * and the migration gave it no NOT NULL.
 */
export const SearchTextColumn = (): PropertyDecorator =>
  Column({
    type: 'text',
    name: 'search_text',
    nullable: true,
    generatedType: 'STORED',
    asExpression: SEARCH_TEXT,
    insert: false,
    update: false,
    select: false,
  });
