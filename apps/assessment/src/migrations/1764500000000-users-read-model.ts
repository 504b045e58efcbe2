import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The users read model is one module of the service kit now (UsersReadModel), the same
 * table in every service: `full_name` becomes `name`, and role and picture are kept too.
 * Rows written before have no role: 'learner' until identity's next event about them.
 */
export class UsersReadModel1764500000000 implements MigrationInterface {
  name = 'UsersReadModel1764500000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE users RENAME COLUMN full_name TO name');
    await q.query(`ALTER TABLE users ADD COLUMN role text NOT NULL DEFAULT 'learner', ADD COLUMN profile_image text`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE users DROP COLUMN role, DROP COLUMN profile_image');
    await q.query('ALTER TABLE users RENAME COLUMN name TO full_name');
  }
}
