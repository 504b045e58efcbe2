import { Global, Inject, Injectable, Module } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { identityEvents, type EventPayload, type Role } from '@lp/contracts';
import type { EventContext } from '@lp/bus';
import { OnEvent } from './decorators.js';
import type { Db } from './sql.js';
import { entityManager } from './entity-rows.js';
import { ReadModelUserEntity } from './users-read-model.entity.js';

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

  async find(id: string, db?: Db): Promise<ReadModelUser | null> {
    const u = await (db ? entityManager(db) : this.ds.manager).getRepository(ReadModelUserEntity).findOneBy({ id });
    return u && { id: u.id, name: u.name, email: u.email, role: u.role, profile_image: u.profileImage, deleted: u.deleted };
  }

  /** A registration never overwrites what a later event (update, deletion) already wrote. */
  async insertIfMissing(db: Db, u: { id: string; name: string; email: string | null; role: Role }): Promise<void> {
    await this.insert(db).values(u).orIgnore().execute();
  }

  /** An update carries the whole profile; an update of a forgotten (deleted) user changes nothing. */
  async upsert(db: Db, u: { id: string; name: string; email: string | null; role: Role; profileImage: string | null }): Promise<void> {
    await this.insert(db)
      .values(u)
      .orUpdate(['name', 'email', 'role', 'profile_image', 'updated_at'], ['id'], { overwriteCondition: { where: { deleted: false } } })
      .execute();
  }

  /** Forgets a user's personal data; what they did stays, shown under a neutral name. */
  async forget(db: Db, id: string): Promise<void> {
    await this.insert(db)
      .values({ id, name: DELETED_USER_NAME, email: null, role: 'learner', profileImage: null, deleted: true })
      .orUpdate(['name', 'email', 'profile_image', 'deleted', 'updated_at'], ['id'])
      .execute();
  }

  private insert(db: Db) {
    return entityManager(db).createQueryBuilder().insert().into(ReadModelUserEntity).updateEntity(false);
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
