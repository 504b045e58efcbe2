import type { MigrationInterface, QueryRunner } from 'typeorm';
import { BUS_TABLES_DOWN, BUS_TABLES_UP } from '@lp/bus';

/** The outbox and inbox of the bus. */
export class Initial1795600000000 implements MigrationInterface {
  name = 'Initial1795600000000';

  async up(q: QueryRunner): Promise<void> {
    for (const sql of BUS_TABLES_UP) await q.query(sql);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const sql of BUS_TABLES_DOWN) await q.query(sql);
  }
}
