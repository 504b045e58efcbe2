import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The entities became the tables' one description (issue 9): TypeORM keeps what it cannot
 * read back from PostgreSQL, the expressions of generated columns, in typeorm_metadata, as
 * its own migrations would write them. Without these rows it cannot compare courses and
 * knowledge_resources with their entities.
 */
export class TypeormMetadata1764600000000 implements MigrationInterface {
  name = 'TypeormMetadata1764600000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE IF NOT EXISTS typeorm_metadata (
      "type" varchar NOT NULL, "database" varchar, "schema" varchar, "table" varchar, "name" varchar, "value" text
    )`);
    for (const table of ['courses', 'knowledge_resources']) {
      await q.query(
        `INSERT INTO typeorm_metadata ("type", "database", "schema", "table", "name", "value")
         VALUES ('GENERATED_COLUMN', current_database(), 'public', $1, 'search_text', $2)`,
        [table, SEARCH_TEXT],
      );
    }
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DELETE FROM typeorm_metadata WHERE "type" = 'GENERATED_COLUMN' AND "name" = 'search_text'`);
  }
}

/** As the initial migration wrote it (and the entities declare it). */
export const SEARCH_TEXT = "lower(title || ' ' || description)";
