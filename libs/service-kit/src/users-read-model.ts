import { Global, Inject, Injectable, Module } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { identityEvents, type EventPayload, type Role } from '@lp/contracts';
import type { EventContext } from '@lp/bus';
import { OnEvent } from './decorators.js';
import { queryOne, type Db } from './sql.js';

/** Shown when identity's event about a user has not arrived yet. */
export const UNKNOWN_USER_NAME = 'Unknown user';
/** Shown once a user asked for deletion: their name and e-mail are forgotten. */
export const DELETED_USER_NAME = 'Deleted user';

/** A user as another service knows them: what identity's events say, no more. */
export interface ReadModelUser {
  id: string;
  name: string;
  email: string | null;
  role: Role;
  profile_image: string | null;
  deleted: boolean;
}

/**
 * The users read model every service that shows people keeps (table `users`: id, name,
 * email, role, profile_image, deleted, updated_at; the service's migration creates it).
 * Identity's events write it; nothing else does; no rules here.
 */
@Injectable()
export class UsersReadModel {
  constructor(@Inject(DataSource) private readonly ds: DataSource) {}

  find(id: string, db: Db = this.ds): Promise<ReadModelUser | null> {
    return queryOne<ReadModelUser>(db, 'SELECT id, name, email, role, profile_image, deleted FROM users WHERE id = $1', [id]);
  }

  /** A registration never overwrites what a later event (update, deletion) already wrote. */
  async insertIfMissing(db: Db, u: { id: string; name: string; email: string | null; role: Role }): Promise<void> {
    await db.query('INSERT INTO users (id, name, email, role) VALUES ($1, $2, $3, $4) ON CONFLICT (id) DO NOTHING', [u.id, u.name, u.email, u.role]);
  }

  /** An update carries the whole profile; an update of a forgotten (deleted) user changes nothing. */
  async upsert(db: Db, u: { id: string; name: string; email: string | null; role: Role; profileImage: string | null }): Promise<void> {
    await db.query(
      `INSERT INTO users (id, name, email, role, profile_image) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (id) DO UPDATE SET name = EXCLUDED.name, email = EXCLUDED.email, role = EXCLUDED.role,
         profile_image = EXCLUDED.profile_image, updated_at = now()
       WHERE NOT users.deleted`,
      [u.id, u.name, u.email, u.role, u.profileImage],
    );
  }

  /** Forgets a user's personal data; what they did stays, shown under a neutral name. */
  async forget(db: Db, id: string): Promise<void> {
    await db.query(
      `INSERT INTO users (id, name, email, role, deleted) VALUES ($1, $2, NULL, 'learner', true)
       ON CONFLICT (id) DO UPDATE SET name = $2, email = NULL, profile_image = NULL, deleted = true, updated_at = now()`,
      [id, DELETED_USER_NAME],
    );
  }
}

/**
 * Keeps the read model in step with identity. Events of one user may arrive in any order:
 * a registration only fills a missing row, an update overwrites, a deletion wins over both.
 */
@Injectable()
export class UsersReadModelConsumer {
  constructor(@Inject(UsersReadModel) private readonly users: UsersReadModel) {}

  @OnEvent(identityEvents.userRegistered)
  async registered(p: EventPayload<typeof identityEvents.userRegistered>, ctx: EventContext): Promise<void> {
    await this.users.insertIfMissing(ctx.tx, { id: p.user_id, name: p.name, email: p.email, role: p.role });
  }

  @OnEvent(identityEvents.userUpdated)
  async updated(p: EventPayload<typeof identityEvents.userUpdated>, ctx: EventContext): Promise<void> {
    await this.users.upsert(ctx.tx, { id: p.user_id, name: p.name, email: p.email, role: p.role, profileImage: p.profile_image });
  }

  @OnEvent(identityEvents.userDeletionScheduled)
  async deletionScheduled(p: EventPayload<typeof identityEvents.userDeletionScheduled>, ctx: EventContext): Promise<void> {
    await this.users.forget(ctx.tx, p.user_id);
  }
}

/**
 * The users read model for a service that shows people: import it once in the app module;
 * UsersReadModel is then injectable everywhere, and identity's events keep it current.
 */
@Global()
@Module({ providers: [UsersReadModel, UsersReadModelConsumer], exports: [UsersReadModel] })
export class UsersReadModelModule {}
