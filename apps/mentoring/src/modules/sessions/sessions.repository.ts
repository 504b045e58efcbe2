import { Inject, Injectable } from '@nestjs/common';
import { DataSource, In, type EntityManager } from 'typeorm';
import type { SessionStatus } from '@lp/contracts';
import { fromRow, queryRows } from '@lp/service-kit';
import { SessionEntity } from '../../entities/session.entity.js';

/** A session with its two people's names from the users read model. */
export interface SessionRow {
  session: SessionEntity;
  mentorName: string;
  menteeName: string;
}

export type NewSession = Pick<
  SessionEntity,
  | 'mentorId'
  | 'menteeId'
  | 'title'
  | 'description'
  | 'startsAt'
  | 'endsAt'
  | 'durationMinutes'
  | 'status'
  | 'amountMinor'
  | 'currency'
  | 'holdExpiresAt'
  | 'meetingLink'
  | 'confirmedAt'
>;

const WITH_NAMES = `SELECT s.*, coalesce(m.name, 'Unknown user') AS mentor_name, coalesce(e.name, 'Unknown user') AS mentee_name
  FROM sessions s LEFT JOIN users m ON m.id = s.mentor_id LEFT JOIN users e ON e.id = s.mentee_id`;

/** Sessions; data access only (the rules are in the services, the overlaps in the database). */
@Injectable()
export class SessionsRepository {
  constructor(@Inject(DataSource) private readonly ds: DataSource) {}

  async insert(tx: EntityManager, s: NewSession): Promise<SessionEntity> {
    const repo = tx.getRepository(SessionEntity);
    return repo.save(repo.create(s));
  }

  findById(id: string, db: EntityManager = this.ds.manager): Promise<SessionEntity | null> {
    return db.getRepository(SessionEntity).findOneBy({ id });
  }

  /** the row, held for the rest of the transaction: one change of a session at a time */
  lock(tx: EntityManager, id: string): Promise<SessionEntity | null> {
    return tx.getRepository(SessionEntity).createQueryBuilder('s').where('s.id = :id', { id }).setLock('pessimistic_write').getOne();
  }

  async withNames(id: string, db: EntityManager = this.ds.manager): Promise<SessionRow | null> {
    const [row] = await this.named(db, `${WITH_NAMES} WHERE s.id = $1`, [id]);
    return row ?? null;
  }

  /** Times the mentor is held (scheduled or confirmed sessions) between two instants. */
  async busy(mentorId: string, from: Date, to: Date): Promise<Array<{ start: number; end: number }>> {
    const rows = await this.ds
      .getRepository(SessionEntity)
      .createQueryBuilder('s')
      .select(['s.id', 's.startsAt', 's.endsAt'])
      .where(`s.mentor_id = :mentorId AND s.status IN ('scheduled', 'confirmed') AND s.ends_at > :from AND s.starts_at < :to`, {
        mentorId,
        from,
        to,
      })
      .getMany();
    return rows.map((r) => ({ start: r.startsAt.getTime(), end: r.endsAt.getTime() }));
  }

  /**
   * The person's sessions, as learner or as mentor: upcoming ones soonest first, then the
   * rest newest first; `statuses` filters.
   */
  async forPerson(
    userId: string,
    statuses: SessionStatus[] | null,
    limit: number,
    offset: number,
  ): Promise<{ rows: SessionRow[]; total: number }> {
    const params: unknown[] = [userId];
    let where = '(s.mentor_id = $1 OR s.mentee_id = $1)';
    if (statuses) {
      params.push(statuses);
      where += ` AND s.status = ANY($${params.length})`;
    }
    const [count] = await queryRows<{ n: number }>(this.ds.manager, `SELECT count(*)::int AS n FROM sessions s WHERE ${where}`, params);
    const rows = await this.named(
      this.ds.manager,
      `${WITH_NAMES} WHERE ${where}
       ORDER BY (s.status IN ('scheduled', 'confirmed')) DESC,
                CASE WHEN s.status IN ('scheduled', 'confirmed') THEN s.starts_at END ASC,
                s.starts_at DESC, s.id
       LIMIT ${Number(limit)} OFFSET ${Number(offset)}`,
      params,
    );
    return { rows, total: count?.n ?? 0 };
  }

  /** Moves a session out of one of `from` into `changes.status`, once: null when another path got there first. */
  async transition(
    tx: EntityManager,
    id: string,
    from: SessionStatus[],
    changes: Partial<SessionEntity> & { status: SessionStatus },
  ): Promise<SessionEntity | null> {
    const r = await tx
      .createQueryBuilder()
      .update(SessionEntity)
      .set(changes)
      .where({ id, status: In(from) })
      .returning('*')
      .execute();
    const raw = (r.raw as Array<Record<string, unknown>>)[0];
    return raw ? fromRow(tx, SessionEntity, raw) : null;
  }

  async setPayment(tx: EntityManager, id: string, paymentId: string): Promise<void> {
    await tx.getRepository(SessionEntity).update({ id }, { paymentId });
  }

  /**
   * A payment that arrived for a session no longer held, refunded in full: the session keeps
   * which payment and how much went back. One plain UPDATE: TypeORM's update() would move
   * updated_at as well.
   */
  async recordLateRefund(tx: EntityManager, id: string, paymentId: string, refundedMinor: number): Promise<void> {
    await tx.query('UPDATE sessions SET payment_id = $2, refunded_minor = $3 WHERE id = $1', [id, paymentId, refundedMinor]);
  }

  /** demo data: a confirmed session moved `daysAgo` days into the past, its length kept */
  backdate(id: string, daysAgo: number): Promise<Array<{ starts_at: Date }>> {
    return queryRows(
      this.ds.manager,
      `UPDATE sessions SET starts_at = starts_at - make_interval(days => $2), ends_at = ends_at - make_interval(days => $2)
        WHERE id = $1 AND status = 'confirmed' AND starts_at - make_interval(days => $2) < now() RETURNING starts_at`,
      [id, daysAgo],
    );
  }

  /** Unpaid bookings whose hold has run out. */
  expiredHolds(now: Date, limit: number): Promise<SessionEntity[]> {
    return this.ds
      .getRepository(SessionEntity)
      .createQueryBuilder('s')
      .where(`s.status = 'scheduled' AND s.hold_expires_at < :now`, { now })
      .orderBy('s.hold_expires_at')
      .limit(limit)
      .getMany();
  }

  /** Confirmed sessions whose end has passed. */
  ended(now: Date, limit: number): Promise<SessionEntity[]> {
    return this.ds
      .getRepository(SessionEntity)
      .createQueryBuilder('s')
      .where(`s.status = 'confirmed' AND s.ends_at <= :now`, { now })
      .orderBy('s.ends_at')
      .limit(limit)
      .getMany();
  }

  /** Every session of a person (the data export). */
  async allForPerson(userId: string): Promise<SessionRow[]> {
    return this.named(this.ds.manager, `${WITH_NAMES} WHERE s.mentor_id = $1 OR s.mentee_id = $1 ORDER BY s.starts_at`, [userId]);
  }

  private async named(db: EntityManager, sql: string, params: unknown[]): Promise<SessionRow[]> {
    const raw = await queryRows<Record<string, unknown> & { mentor_name: string; mentee_name: string }>(db, sql, params);
    return raw.map(({ mentor_name, mentee_name, ...r }) => ({
      session: fromRow(db, SessionEntity, r),
      mentorName: mentor_name,
      menteeName: mentee_name,
    }));
  }
}
