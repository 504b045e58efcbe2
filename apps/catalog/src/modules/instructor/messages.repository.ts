import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager, type Repository, type SelectQueryBuilder } from 'typeorm';
import { ReadModelUserEntity } from '@lp/service-kit';
import { EnrollmentEntity } from '../../entities/enrollment.entity.js';
import { InterventionEntity, MessageEntity } from '../../entities/message.entity.js';

type UserName = Pick<ReadModelUserEntity, 'name'> | null;

/** A message with its sender's and recipient's names (null while unknown) and its course's title (`course`: id and title). */
export type MessageView = MessageEntity & { sender?: UserName; recipient?: UserName };

/** Data access for `messages` and `interventions`; no rules here. */
@Injectable()
export class MessagesRepository {
  constructor(@Inject(DataSource) private readonly ds: DataSource) {}

  private repo(tx?: EntityManager): Repository<MessageEntity> {
    return (tx ?? this.ds.manager).getRepository(MessageEntity);
  }

  /** Messages with the names of both sides (`m.sender`, `m.recipient`) and the course's title (`m.course`). */
  private withNames(): SelectQueryBuilder<MessageEntity> {
    return this.repo()
      .createQueryBuilder('m')
      .leftJoinAndMapOne('m.sender', ReadModelUserEntity, 's', 's.id = m.senderId')
      .leftJoinAndMapOne('m.recipient', ReadModelUserEntity, 'r', 'r.id = m.recipientId')
      .leftJoin('m.course', 'c')
      .select(['m', 's.id', 's.name', 'r.id', 'r.name', 'c.id', 'c.title']);
  }

  find(id: string): Promise<MessageView | null> {
    return this.withNames().where('m.id = :id', { id }).getOne();
  }

  /** Received and sent, newest first. */
  listFor(userId: string, limit: number): Promise<MessageView[]> {
    return this.withNames()
      .where('(m.recipientId = :userId OR m.senderId = :userId)', { userId })
      .orderBy('m.createdAt', 'DESC')
      .addOrderBy('m.id')
      .limit(limit)
      .getMany();
  }

  async insert(
    tx: EntityManager,
    m: Pick<MessageEntity, 'senderId' | 'recipientId' | 'courseId' | 'subject' | 'body'>,
    now: Date,
  ): Promise<string> {
    const message = this.repo(tx).create({ ...m, createdAt: now });
    await this.repo(tx).insert(message);
    return message.id;
  }

  async markRead(id: string, at: Date): Promise<void> {
    await this.repo()
      .createQueryBuilder()
      .update()
      .set({ isRead: true, readAt: () => 'COALESCE(read_at, :at)' })
      .setParameter('at', at)
      .where({ id })
      .execute();
  }

  async insertIntervention(
    tx: EntityManager,
    i: Pick<InterventionEntity, 'instructorId' | 'studentId' | 'courseId' | 'interventionType' | 'messageId'>,
    now: Date,
  ): Promise<string> {
    const repo = tx.getRepository(InterventionEntity);
    const intervention = repo.create({ ...i, createdAt: now });
    await repo.insert(intervention);
    return intervention.id;
  }

  /** Is the learner enrolled in one of the instructor's courses (in `courseId` when given)? */
  isStudentOf(instructorId: string, studentId: string, courseId: string | null): Promise<boolean> {
    const qb = this.ds
      .getRepository(EnrollmentEntity)
      .createQueryBuilder('e')
      .innerJoin('e.course', 'c')
      .where('c.instructorId = :instructorId', { instructorId })
      .andWhere('e.userId = :studentId', { studentId });
    if (courseId) qb.andWhere('c.id = :courseId', { courseId });
    return qb.getExists();
  }

  listForUserExport(userId: string): Promise<MessageView[]> {
    return this.withNames().where('(m.recipientId = :userId OR m.senderId = :userId)', { userId }).orderBy('m.createdAt').getMany();
  }

  findDuplicate(senderId: string, recipientId: string, subject: string): Promise<Pick<MessageEntity, 'id'> | null> {
    return this.repo().findOne({ select: { id: true }, where: { senderId, recipientId, subject } });
  }
}
