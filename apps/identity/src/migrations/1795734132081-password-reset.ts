import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * "Forgot password?" (besides ROUTES.md): one row per link sent, holding only the SHA-256 of its
 * token; single use, valid 60 minutes. An account's links go with the account.
 */
export class PasswordReset1795734132081 implements MigrationInterface {
  name = 'PasswordReset1795734132081';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE password_reset_tokens (
      token_hash text NOT NULL,
      user_id uuid NOT NULL,
      expires_at timestamptz NOT NULL,
      used_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT password_reset_tokens_pkey PRIMARY KEY (token_hash),
      CONSTRAINT password_reset_tokens_user_id_fkey FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE CASCADE
    )`);
    await q.query('CREATE INDEX password_reset_tokens_user_idx ON password_reset_tokens (user_id)');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE password_reset_tokens');
  }
}
