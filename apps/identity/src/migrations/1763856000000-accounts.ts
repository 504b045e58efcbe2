import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Sessions, phone codes, two-factor, deletion, Telegram, coming-soon and the read
 * models (portal memberships, course and platform stats). A second migration rather
 * than an edit of the first, because the first already ran on development databases.
 */
export class Accounts1763856000000 implements MigrationInterface {
  name = 'Accounts1763856000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE users
      ADD COLUMN phone_verified_at timestamptz,
      ADD COLUMN status text NOT NULL DEFAULT 'active' CHECK (status IN ('active','pending_deletion')),
      ADD COLUMN deletion_scheduled_at timestamptz,
      ADD COLUMN tokens_valid_after timestamptz,
      ADD COLUMN totp_secret text,
      ADD COLUMN totp_pending_secret text,
      ADD COLUMN totp_enabled_at timestamptz,
      ADD COLUMN totp_last_step bigint`);
    await q.query('CREATE UNIQUE INDEX users_phone_key ON users (phone) WHERE phone IS NOT NULL');
    await q.query('CREATE INDEX users_role_idx ON users (role)');
    await q.query('CREATE INDEX users_created_at_idx ON users (created_at DESC)');
    await q.query('CREATE INDEX users_tokens_valid_after_idx ON users (tokens_valid_after) WHERE tokens_valid_after IS NOT NULL');

    await q.query(`CREATE TABLE sessions (
      id uuid PRIMARY KEY,
      user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      institution_id uuid,
      created_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz NOT NULL,
      revoked_at timestamptz
    )`);
    await q.query('CREATE INDEX sessions_user_idx ON sessions (user_id)');
    await q.query('CREATE INDEX sessions_revoked_idx ON sessions (expires_at) WHERE revoked_at IS NOT NULL');

    await q.query(`CREATE TABLE otp_codes (
      phone text PRIMARY KEY,
      code_hash text NOT NULL,
      expires_at timestamptz NOT NULL,
      attempts int NOT NULL DEFAULT 0,
      consumed_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now()
    )`);

    await q.query(`CREATE TABLE telegram_links (
      user_id uuid PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
      telegram_user_id text NOT NULL,
      telegram_username text,
      linked_at timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT telegram_links_telegram_user_key UNIQUE (telegram_user_id)
    )`);
    await q.query(`CREATE TABLE telegram_link_codes (
      code text PRIMARY KEY,
      user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      expires_at timestamptz NOT NULL,
      used_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT telegram_link_codes_user_key UNIQUE (user_id)
    )`);

    await q.query(`CREATE TABLE coming_soon_subscriptions (
      email text PRIMARY KEY,
      created_at timestamptz NOT NULL DEFAULT now()
    )`);

    await q.query(`CREATE TABLE portal_memberships (
      institution_id uuid NOT NULL,
      user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      institution_name text NOT NULL,
      subdomain text,
      role text NOT NULL,
      access_level text NOT NULL DEFAULT 'standard' CHECK (access_level IN ('standard','admin','readonly')),
      permissions jsonb NOT NULL DEFAULT '[]',
      is_primary boolean NOT NULL DEFAULT false,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (institution_id, user_id)
    )`);
    await q.query('CREATE INDEX portal_memberships_user_idx ON portal_memberships (user_id)');
    await q.query('CREATE UNIQUE INDEX portal_memberships_one_primary ON portal_memberships (user_id) WHERE is_primary');

    await q.query(`CREATE TABLE course_stats (
      course_id uuid PRIMARY KEY,
      title text NOT NULL,
      enrollment_count int NOT NULL DEFAULT 0,
      updated_at timestamptz NOT NULL DEFAULT now()
    )`);
    await q.query('CREATE INDEX course_stats_popular_idx ON course_stats (enrollment_count DESC)');
    await q.query(`CREATE TABLE platform_stats (
      metric text NOT NULL,
      period text NOT NULL DEFAULT 'all',
      value numeric NOT NULL DEFAULT 0,
      updated_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (metric, period)
    )`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const t of [
      'platform_stats',
      'course_stats',
      'portal_memberships',
      'coming_soon_subscriptions',
      'telegram_link_codes',
      'telegram_links',
      'otp_codes',
      'sessions',
    ]) {
      await q.query(`DROP TABLE ${t}`);
    }
    await q.query('DROP INDEX users_tokens_valid_after_idx');
    await q.query('DROP INDEX users_created_at_idx');
    await q.query('DROP INDEX users_role_idx');
    await q.query('DROP INDEX users_phone_key');
    await q.query(`ALTER TABLE users
      DROP COLUMN totp_last_step, DROP COLUMN totp_enabled_at, DROP COLUMN totp_pending_secret, DROP COLUMN totp_secret,
      DROP COLUMN tokens_valid_after, DROP COLUMN deletion_scheduled_at, DROP COLUMN status, DROP COLUMN phone_verified_at`);
  }
}
