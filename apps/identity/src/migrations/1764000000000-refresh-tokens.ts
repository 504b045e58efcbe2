import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Short access tokens with rotating refresh tokens: a session is now a sign-in (the token
 * family) that lives until its expires_at, and each refresh token is single use.
 */
export class RefreshTokens1764000000000 implements MigrationInterface {
  name = 'RefreshTokens1764000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE refresh_tokens (
      id uuid PRIMARY KEY,
      session_id uuid NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
      token_hash text NOT NULL UNIQUE,
      created_at timestamptz NOT NULL DEFAULT now(),
      used_at timestamptz
    )`);
    await q.query('CREATE INDEX refresh_tokens_session_idx ON refresh_tokens (session_id)');
    // the re-warm after a Redis restart reads the sessions revoked in the last minutes
    await q.query('CREATE INDEX sessions_revoked_at_idx ON sessions (revoked_at) WHERE revoked_at IS NOT NULL');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP INDEX sessions_revoked_at_idx');
    await q.query('DROP TABLE refresh_tokens');
  }
}
