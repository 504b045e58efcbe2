import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The users read model is one entity in the kit (ReadModelUserEntity), whose role defaults to 'learner' as assessment's table has it. */
export class UsersRoleDefault1764600000001 implements MigrationInterface {
  name = 'UsersRoleDefault1764600000001';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "users" ALTER COLUMN "role" SET DEFAULT 'learner'`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE "users" ALTER COLUMN "role" DROP DEFAULT');
  }
}
