import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Sign-in limits kept by the database, so they hold across gateway replicas, client
 * addresses and Redis restarts: wrong passwords per account, and per phone the codes sent
 * and the wrong codes tried in the hour (re-sending no longer resets the count).
 */
export class SignInLimits1764100000000 implements MigrationInterface {
  name = 'SignInLimits1764100000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE users
      ADD COLUMN failed_sign_ins int NOT NULL DEFAULT 0 CHECK (failed_sign_ins >= 0),
      ADD COLUMN failed_sign_ins_since timestamptz,
      ADD COLUMN sign_in_locked_until timestamptz`);
    await q.query(`ALTER TABLE otp_codes
      ADD COLUMN window_started_at timestamptz NOT NULL DEFAULT now(),
      ADD COLUMN sends int NOT NULL DEFAULT 1 CHECK (sends >= 1)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE otp_codes DROP COLUMN window_started_at, DROP COLUMN sends');
    await q.query('ALTER TABLE users DROP COLUMN failed_sign_ins, DROP COLUMN failed_sign_ins_since, DROP COLUMN sign_in_locked_until');
  }
}
