import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { Role } from '@lp/contracts';
import { DELETED_USER_NAME } from '../../common/names.js';
import { queryOne, type Db } from '@lp/service-kit';

export interface UserView {
  id: string;
  name: string;
  email: string | null;
  role: Role;
  profile_image: string | null;
  deleted: boolean;
}

/** The users read model (identity's events write it); no rules here. */
@Injectable()
export class UsersRepository {
  constructor(@Inject(DataSource) private readonly ds: DataSource) {}

  find(id: string, db: Db = this.ds): Promise<UserView | null> {
    return queryOne<UserView>(db, 'SELECT id, name, email, role, profile_image, deleted FROM users WHERE id = $1', [id]);
  }

  /** A registration never overwrites what a later event (update, deletion) already wrote. */
  async insertIfMissing(db: Db, u: { id: string; name: string; email: string | null; role: Role }): Promise<void> {
    await db.query('INSERT INTO users (id, name, email, role) VALUES ($1, $2, $3, $4) ON CONFLICT (id) DO NOTHING', [
      u.id,
      u.name,
      u.email,
      u.role,
    ]);
  }

  /** An update of a forgotten (deleted) user changes nothing. */
  async upsert(db: Db, u: { id: string; name: string; email: string | null; role: Role; profileImage: string | null }): Promise<void> {
    await db.query(
      `INSERT INTO users (id, name, email, role, profile_image) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (id) DO UPDATE SET name = EXCLUDED.name, email = EXCLUDED.email, role = EXCLUDED.role,
         profile_image = EXCLUDED.profile_image, updated_at = now()
       WHERE NOT users.deleted`,
      [u.id, u.name, u.email, u.role, u.profileImage],
    );
  }

  /** Forgets a user's personal data; their enrollments and reviews stay, shown under a neutral name. */
  async forget(db: Db, id: string): Promise<void> {
    await db.query(
      `INSERT INTO users (id, name, email, role, deleted) VALUES ($1, $2, NULL, 'learner', true)
       ON CONFLICT (id) DO UPDATE SET name = $2, email = NULL, profile_image = NULL, deleted = true, updated_at = now()`,
      [id, DELETED_USER_NAME],
    );
  }
}
