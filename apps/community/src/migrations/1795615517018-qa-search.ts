import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * /qa search: a weighted tsvector of title (A), tags (B) and content (C) that PostgreSQL keeps
 * (GIN-indexed, ranked with ts_rank), a trigram index on the lowercase title for short terms
 * and terms full-text search does not find, and newest first without a category. TypeORM
 * keeps a generated column's expression in typeorm_metadata (written here as its own
 * migrations would) and cannot describe GIN indexes (the entity names them, synchronize: false).
 */
export class QaSearch1795615517018 implements MigrationInterface {
  name = 'QaSearch1795615517018';

  async up(q: QueryRunner): Promise<void> {
    await q.query('CREATE EXTENSION IF NOT EXISTS pg_trgm');
    await q.query(`ALTER TABLE "qa_questions" ADD CONSTRAINT "qa_questions_tags_check" CHECK (cardinality(tags) <= 5)`);
    await q.query(`ALTER TABLE "qa_questions" ADD "search_vector" tsvector GENERATED ALWAYS AS (${QA_SEARCH_VECTOR}) STORED`);
    await q.query(`CREATE TABLE IF NOT EXISTS typeorm_metadata (
      "type" varchar NOT NULL, "database" varchar, "schema" varchar, "table" varchar, "name" varchar, "value" text
    )`);
    await q.query(
      `INSERT INTO typeorm_metadata ("type", "database", "schema", "table", "name", "value")
       VALUES ('GENERATED_COLUMN', current_database(), 'public', 'qa_questions', 'search_vector', $1)`,
      [QA_SEARCH_VECTOR],
    );
    await q.query('CREATE INDEX "qa_questions_search_idx" ON "qa_questions" USING gin ("search_vector")');
    await q.query('CREATE INDEX "qa_questions_title_trgm_idx" ON "qa_questions" USING gin (lower(title) gin_trgm_ops)');
    await q.query('CREATE INDEX "qa_questions_created_idx" ON "qa_questions"  ("created_at") ');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP INDEX "public"."qa_questions_created_idx"');
    await q.query('DROP INDEX "public"."qa_questions_title_trgm_idx"');
    await q.query('DROP INDEX "public"."qa_questions_search_idx"');
    await q.query(
      `DELETE FROM typeorm_metadata WHERE "type" = 'GENERATED_COLUMN' AND "table" = 'qa_questions' AND "name" = 'search_vector'`,
    );
    await q.query('ALTER TABLE "qa_questions" DROP COLUMN "search_vector"');
    await q.query('ALTER TABLE "qa_questions" DROP CONSTRAINT "qa_questions_tags_check"');
  }
}

/**
 * As this migration wrote it (and the entity declares it). Only immutable expressions may
 * define a generated column and array_to_string is not one, so the tags (at most 5, the
 * check says) are joined by subscript.
 */
export const QA_SEARCH_VECTOR =
  "setweight(to_tsvector('english', title), 'A') || " +
  "setweight(to_tsvector('english', coalesce(tags[1], '') || ' ' || coalesce(tags[2], '') || ' ' || coalesce(tags[3], '') || ' ' || coalesce(tags[4], '') || ' ' || coalesce(tags[5], '')), 'B') || " +
  "setweight(to_tsvector('english', content), 'C')";
