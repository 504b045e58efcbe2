import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { queryOne, type Db } from '@lp/service-kit';
import { DELETED_USER_NAME } from './user-names.js';

export interface UserRow {
  id: string;
  full_name: string;
  email: string | null;
  deleted: boolean;
}

/** The users read model (identity's events write it): names and e-mails shown on submissions and results; no rules here. */
@Injectable()
export class UsersRepository {
  constructor(@Inject(DataSource) private readonly ds: DataSource) {}

  find(id: string, db: Db = this.ds): Promise<UserRow | null> {
    return queryOne<UserRow>(db, 'SELECT id, full_name, email, deleted FROM users WHERE id = $1', [id]);
  }

  /** A registration never overwrites what a later event (update, deletion) already wrote. */
  async insertIfMissing(db: Db, u: { id: string; name: string; email: string | null }): Promise<void> {
    await db.query('INSERT INTO users (id, full_name, email) VALUES ($1, $2, $3) ON CONFLICT (id) DO NOTHING', [u.id, u.name, u.email]);
  }

  /** An update carries the whole profile; an update of a forgotten (deleted) user changes nothing. */
  async upsert(db: Db, u: { id: string; name: string; email: string | null }): Promise<void> {
    await db.query(
      `INSERT INTO users (id, full_name, email) VALUES ($1, $2, $3)
       ON CONFLICT (id) DO UPDATE SET full_name = EXCLUDED.full_name, email = EXCLUDED.email, updated_at = now()
       WHERE NOT users.deleted`,
      [u.id, u.name, u.email],
    );
  }

  /** Forgets a user's name and e-mail; their submissions and attempts stay, shown under a neutral name. */
  async forget(db: Db, id: string): Promise<void> {
    await db.query(
      `INSERT INTO users (id, full_name, email, deleted) VALUES ($1, $2, NULL, true)
       ON CONFLICT (id) DO UPDATE SET full_name = $2, email = NULL, deleted = true, updated_at = now()`,
      [id, DELETED_USER_NAME],
    );
  }
}
