import { Inject, Injectable } from '@nestjs/common';
import { DataSource, In, type EntityManager } from 'typeorm';
import { ReadModelUserEntity, UNKNOWN_USER_NAME, UsersReadModel, type ReadModelUser } from '@lp/service-kit';

/**
 * People as community shows them: names and e-mails from the kit's users read model
 * (identity's events keep it; a deleted account is 'Deleted user' there, a not yet arrived one
 * 'Unknown user'), read many at a time and by e-mail, which the kit's model does not offer.
 */
@Injectable()
export class People {
  constructor(
    @Inject(DataSource) private readonly ds: DataSource,
    @Inject(UsersReadModel) private readonly users: UsersReadModel,
  ) {}

  private repo(tx?: EntityManager) {
    return (tx ?? this.ds.manager).getRepository(ReadModelUserEntity);
  }

  find(id: string, tx?: EntityManager): Promise<ReadModelUser | null> {
    return this.users.find(id, tx);
  }

  async byIds(ids: Iterable<string>, tx?: EntityManager): Promise<Map<string, ReadModelUserEntity>> {
    const unique = [...new Set(ids)];
    if (!unique.length) return new Map();
    return new Map((await this.repo(tx).findBy({ id: In(unique) })).map((u) => [u.id, u]));
  }

  async names(ids: Iterable<string>, tx?: EntityManager): Promise<(id: string) => string> {
    const users = await this.byIds(ids, tx);
    return (id) => users.get(id)?.name ?? UNKNOWN_USER_NAME;
  }

  async name(id: string, tx?: EntityManager): Promise<string> {
    return (await this.find(id, tx))?.name ?? UNKNOWN_USER_NAME;
  }

  /** The e-mail invitations to a person are matched by (lower case), null when unknown or forgotten. */
  async emailOf(id: string, tx?: EntityManager): Promise<string | null> {
    const u = await this.find(id, tx);
    return u && !u.deleted && u.email ? u.email.toLowerCase() : null;
  }

  /** Every account known under an e-mail (case-insensitive). */
  byEmail(email: string, tx?: EntityManager): Promise<ReadModelUserEntity[]> {
    return this.repo(tx).createQueryBuilder('u').where('lower(u.email) = lower(:email)', { email }).andWhere('NOT u.deleted').getMany();
  }

  /** Generated people of 'Add Test Members' (development data): rows in the read model, as if identity had told. */
  async insertGenerated(tx: EntityManager, people: Array<{ id: string; name: string; email: string }>): Promise<void> {
    for (const p of people) await this.users.insertIfMissing(tx, { ...p, role: 'learner' });
  }
}
