import type { MigrationInterface, QueryRunner } from 'typeorm';
import { BUS_TABLES_DOWN, BUS_TABLES_UP } from '@lp/bus';

export class Initial1763769600000 implements MigrationInterface {
  name = 'Initial1763769600000';
  async up(q: QueryRunner): Promise<void> {
    for (const sql of BUS_TABLES_UP) await q.query(sql);
    await q.query(`CREATE TABLE users (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      name text NOT NULL,
      email text,
      phone text,
      password_hash text,
      role text NOT NULL CHECK (role IN ('learner','instructor','mentor','institution','admin')),
      profile_image text,
      notification_settings jsonb NOT NULL DEFAULT '{"email":true,"studyReminders":true,"assignmentDeadlines":true}',
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`);
    await q.query('CREATE UNIQUE INDEX users_email_key ON users (lower(email)) WHERE email IS NOT NULL');
  }
  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE users');
    for (const sql of BUS_TABLES_DOWN) await q.query(sql);
  }
}
