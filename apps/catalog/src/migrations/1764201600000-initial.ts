import type { MigrationInterface, QueryRunner } from 'typeorm';
import { BUS_TABLES_DOWN, BUS_TABLES_UP } from '@lp/bus';

const list = (values: readonly string[]) => values.map((v) => `'${v}'`).join(',');
const CATEGORIES = list([
  'programming',
  'business',
  'design',
  'marketing',
  'language',
  'exam-prep',
  'data-science',
  'personal-development',
]);
const LEVELS = list(['beginner', 'intermediate', 'advanced']);

/**
 * Catalog's schema: the users read model, courses, lessons, content items, enrollments,
 * completions, paid-for courses, reviews, messages, interventions, certificates and the
 * knowledge hub. Search over title + description goes through a stored lowercase
 * `search_text` column with a trigram GIN index (docs/catalog-search.md has the plans).
 */
export class Initial1764201600000 implements MigrationInterface {
  name = 'Initial1764201600000';

  async up(q: QueryRunner): Promise<void> {
    for (const sql of BUS_TABLES_UP) await q.query(sql);
    await q.query('CREATE EXTENSION IF NOT EXISTS pg_trgm');

    // names and e-mails of users, fed by identity's events
    await q.query(`CREATE TABLE users (
      id uuid PRIMARY KEY,
      name text NOT NULL,
      email text,
      role text NOT NULL,
      profile_image text,
      deleted boolean NOT NULL DEFAULT false,
      updated_at timestamptz NOT NULL DEFAULT now()
    )`);

    await q.query(`CREATE TABLE courses (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      title text NOT NULL,
      description text NOT NULL,
      price numeric(10,2) NOT NULL DEFAULT 0 CHECK (price >= 0),
      category text NOT NULL CHECK (category IN (${CATEGORIES})),
      level text NOT NULL CHECK (level IN (${LEVELS})),
      instructor_id uuid NOT NULL,
      institution_id uuid,
      thumbnail text,
      is_published boolean NOT NULL DEFAULT false,
      published_at timestamptz,
      enrollment_count int NOT NULL DEFAULT 0 CHECK (enrollment_count >= 0),
      rating_avg numeric(3,2) NOT NULL DEFAULT 0,
      rating_count int NOT NULL DEFAULT 0,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      search_text text GENERATED ALWAYS AS (lower(title || ' ' || description)) STORED
    )`);
    await q.query('CREATE INDEX courses_search_trgm_idx ON courses USING gin (search_text gin_trgm_ops)');
    await q.query('CREATE INDEX courses_published_category_idx ON courses (is_published, category, created_at DESC)');
    await q.query('CREATE INDEX courses_published_created_idx ON courses (created_at DESC, id) WHERE is_published');
    await q.query('CREATE INDEX courses_instructor_idx ON courses (instructor_id, created_at DESC)');
    await q.query('CREATE INDEX courses_institution_idx ON courses (institution_id, created_at DESC) WHERE institution_id IS NOT NULL');

    await q.query(`CREATE TABLE lessons (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      course_id uuid NOT NULL REFERENCES courses(id) ON DELETE CASCADE,
      title text NOT NULL,
      description text NOT NULL DEFAULT '',
      content_type text NOT NULL CHECK (content_type IN ('text','video','pdf','html')),
      content text NOT NULL,
      duration_minutes int NOT NULL DEFAULT 15 CHECK (duration_minutes >= 1),
      sort_order int NOT NULL DEFAULT 0 CHECK (sort_order >= 0),
      is_published boolean NOT NULL DEFAULT true,
      is_free_preview boolean NOT NULL DEFAULT false,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`);
    await q.query('CREATE INDEX lessons_course_order_idx ON lessons (course_id, sort_order, created_at)');
    // published lesson counts of a page of courses, by index-only scans
    await q.query('CREATE INDEX lessons_published_course_idx ON lessons (course_id) WHERE is_published');

    await q.query(`CREATE TABLE content_items (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      course_id uuid NOT NULL REFERENCES courses(id) ON DELETE CASCADE,
      type text NOT NULL CHECK (type IN ('video','audio','pdf','text')),
      title text NOT NULL,
      text_content text,
      storage_key text,
      file_name text,
      mime_type text,
      file_size bigint,
      duration_minutes int,
      sort_order int NOT NULL DEFAULT 0,
      created_by uuid NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      CHECK ((type = 'text' AND text_content IS NOT NULL) OR (type <> 'text' AND storage_key IS NOT NULL))
    )`);
    await q.query('CREATE INDEX content_items_course_idx ON content_items (course_id, sort_order, created_at)');

    await q.query(`CREATE TABLE enrollments (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      course_id uuid NOT NULL REFERENCES courses(id) ON DELETE CASCADE,
      user_id uuid NOT NULL,
      amount_paid numeric(10,2) NOT NULL DEFAULT 0,
      payment_id text,
      enrolled_at timestamptz NOT NULL DEFAULT now(),
      last_activity_at timestamptz NOT NULL DEFAULT now(),
      completed_at timestamptz,
      CONSTRAINT enrollments_course_user_key UNIQUE (course_id, user_id)
    )`);
    await q.query('CREATE INDEX enrollments_user_idx ON enrollments (user_id, enrolled_at DESC)');

    await q.query(`CREATE TABLE lesson_completions (
      user_id uuid NOT NULL,
      lesson_id uuid NOT NULL REFERENCES lessons(id) ON DELETE CASCADE,
      course_id uuid NOT NULL REFERENCES courses(id) ON DELETE CASCADE,
      time_spent_minutes int NOT NULL DEFAULT 0,
      completed_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (user_id, lesson_id)
    )`);
    await q.query('CREATE INDEX lesson_completions_course_idx ON lesson_completions (course_id, user_id)');
    await q.query('CREATE INDEX lesson_completions_lesson_idx ON lesson_completions (lesson_id)');
    await q.query(`CREATE TABLE item_completions (
      user_id uuid NOT NULL,
      content_item_id uuid NOT NULL REFERENCES content_items(id) ON DELETE CASCADE,
      course_id uuid NOT NULL REFERENCES courses(id) ON DELETE CASCADE,
      completed_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (user_id, content_item_id)
    )`);
    await q.query('CREATE INDEX item_completions_course_idx ON item_completions (course_id, user_id)');

    // completed payments for courses, from billing.payment.completed
    await q.query(`CREATE TABLE course_payments (
      payment_id text PRIMARY KEY,
      user_id uuid NOT NULL,
      course_id uuid NOT NULL,
      amount numeric(10,2) NOT NULL,
      currency text NOT NULL,
      paid_at timestamptz NOT NULL,
      recorded_at timestamptz NOT NULL DEFAULT now()
    )`);
    await q.query('CREATE INDEX course_payments_user_course_idx ON course_payments (user_id, course_id)');

    await q.query(`CREATE TABLE reviews (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      course_id uuid NOT NULL REFERENCES courses(id) ON DELETE CASCADE,
      user_id uuid NOT NULL,
      rating smallint NOT NULL CHECK (rating BETWEEN 1 AND 5),
      comment text NOT NULL DEFAULT '',
      created_at timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT reviews_course_user_key UNIQUE (course_id, user_id)
    )`);
    await q.query('CREATE INDEX reviews_course_idx ON reviews (course_id, created_at DESC)');
    await q.query('CREATE INDEX reviews_user_idx ON reviews (user_id)');

    await q.query(`CREATE TABLE messages (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      sender_id uuid NOT NULL,
      recipient_id uuid NOT NULL,
      course_id uuid REFERENCES courses(id) ON DELETE SET NULL,
      subject text NOT NULL,
      body text NOT NULL,
      is_read boolean NOT NULL DEFAULT false,
      read_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now()
    )`);
    await q.query('CREATE INDEX messages_recipient_idx ON messages (recipient_id, created_at DESC)');
    await q.query('CREATE INDEX messages_sender_idx ON messages (sender_id, created_at DESC)');

    await q.query(`CREATE TABLE interventions (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      instructor_id uuid NOT NULL,
      student_id uuid NOT NULL,
      course_id uuid NOT NULL REFERENCES courses(id) ON DELETE CASCADE,
      intervention_type text NOT NULL CHECK (intervention_type IN ('encouragement','support','resources')),
      message_id uuid REFERENCES messages(id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )`);
    await q.query('CREATE INDEX interventions_course_student_idx ON interventions (course_id, student_id, created_at DESC)');

    await q.query(`CREATE TABLE certificates (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      enrollment_id uuid NOT NULL REFERENCES enrollments(id) ON DELETE CASCADE,
      user_id uuid NOT NULL,
      course_id uuid NOT NULL REFERENCES courses(id) ON DELETE CASCADE,
      verification_code text NOT NULL,
      learner_name text NOT NULL,
      course_title text NOT NULL,
      instructor_name text NOT NULL,
      completed_at timestamptz NOT NULL,
      storage_key text,
      rendered_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT certificates_code_key UNIQUE (verification_code),
      CONSTRAINT certificates_user_course_key UNIQUE (user_id, course_id)
    )`);

    await q.query(`CREATE TABLE knowledge_resources (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      title text NOT NULL,
      description text NOT NULL,
      resource_type text NOT NULL CHECK (resource_type IN ('pdf','article','podcast','video')),
      category text NOT NULL CHECK (category IN ('programming','business','science','language','exam-prep')),
      tags text[] NOT NULL DEFAULT '{}',
      storage_key text,
      file_name text,
      mime_type text,
      file_size bigint,
      uploaded_by uuid NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      search_text text GENERATED ALWAYS AS (lower(title || ' ' || description)) STORED
    )`);
    await q.query('CREATE INDEX knowledge_resources_category_idx ON knowledge_resources (category, created_at DESC)');
    await q.query('CREATE INDEX knowledge_resources_created_idx ON knowledge_resources (created_at DESC)');
    await q.query('CREATE INDEX knowledge_resources_search_trgm_idx ON knowledge_resources USING gin (search_text gin_trgm_ops)');
    await q.query('CREATE INDEX knowledge_resources_uploader_idx ON knowledge_resources (uploaded_by)');
  }

  async down(q: QueryRunner): Promise<void> {
    for (const t of [
      'knowledge_resources',
      'certificates',
      'interventions',
      'messages',
      'reviews',
      'course_payments',
      'item_completions',
      'lesson_completions',
      'enrollments',
      'content_items',
      'lessons',
      'courses',
      'users',
    ]) {
      await q.query(`DROP TABLE ${t}`);
    }
    for (const sql of BUS_TABLES_DOWN) await q.query(sql);
  }
}
