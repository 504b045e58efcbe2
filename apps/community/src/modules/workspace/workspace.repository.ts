import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { GroupEventEntity } from '../../entities/group-event.entity.js';
import { GroupFileEntity } from '../../entities/group-file.entity.js';
import { GroupForumPostEntity } from '../../entities/group-forum-post.entity.js';
import { GroupMessageEntity } from '../../entities/group-message.entity.js';

/** Data access for a group's workspace: messages, files, events and Group Discussions; no rules here. */
@Injectable()
export class WorkspaceRepository {
  constructor(@Inject(DataSource) private readonly ds: DataSource) {}

  private m(tx?: EntityManager) {
    return (tx ?? this.ds.manager).getRepository(GroupMessageEntity);
  }
  private f(tx?: EntityManager) {
    return (tx ?? this.ds.manager).getRepository(GroupFileEntity);
  }
  private e(tx?: EntityManager) {
    return (tx ?? this.ds.manager).getRepository(GroupEventEntity);
  }
  private p(tx?: EntityManager) {
    return (tx ?? this.ds.manager).getRepository(GroupForumPostEntity);
  }

  // ---------- messages ----------

  /** The latest `limit` messages (older than `before` when paging back), oldest first. */
  async messages(groupId: string, limit: number, before?: string): Promise<GroupMessageEntity[]> {
    const q = this.m().createQueryBuilder('m').where('m.group_id = :groupId', { groupId });
    if (before) {
      q.andWhere(
        `(m.created_at, m.id) < (SELECT b.created_at, b.id FROM group_messages b WHERE b.id = :before AND b.group_id = :groupId)`,
        { before },
      );
    }
    const rows = await q.orderBy('m.created_at', 'DESC').addOrderBy('m.id', 'DESC').take(limit).getMany();
    return rows.reverse();
  }

  async insertMessage(
    tx: EntityManager,
    row: Pick<GroupMessageEntity, 'groupId' | 'authorId' | 'content'>,
    now: Date,
  ): Promise<GroupMessageEntity> {
    const m = this.m(tx).create({ ...row, createdAt: now });
    await this.m(tx).insert(m);
    return m;
  }

  // ---------- files ----------

  files(groupId: string, limit: number): Promise<GroupFileEntity[]> {
    return this.f().find({ where: { groupId }, order: { uploadedAt: 'DESC', id: 'ASC' }, take: limit });
  }

  file(groupId: string, id: string): Promise<GroupFileEntity | null> {
    return this.f().findOneBy({ groupId, id });
  }

  async insertFile(
    tx: EntityManager,
    row: Pick<GroupFileEntity, 'groupId' | 'uploaderId' | 'filename' | 'storageKey' | 'contentType' | 'size'>,
    now: Date,
  ): Promise<GroupFileEntity> {
    const f = this.f(tx).create({ ...row, uploadedAt: now });
    await this.f(tx).insert(f);
    return f;
  }

  // ---------- events ----------

  /** Soonest first. */
  events(groupId: string, limit: number): Promise<GroupEventEntity[]> {
    return this.e().find({ where: { groupId }, order: { date: 'ASC', time: 'ASC', id: 'ASC' }, take: limit });
  }

  async insertEvent(
    tx: EntityManager,
    row: Pick<GroupEventEntity, 'groupId' | 'organizerId' | 'title' | 'description' | 'date' | 'time' | 'meetingLink'>,
    now: Date,
  ): Promise<GroupEventEntity> {
    const e = this.e(tx).create({ ...row, createdAt: now });
    await this.e(tx).insert(e);
    return e;
  }

  event(id: string): Promise<GroupEventEntity | null> {
    return this.e().findOneBy({ id });
  }

  // ---------- Group Discussions ----------

  posts(groupId: string, limit: number): Promise<GroupForumPostEntity[]> {
    return this.p().find({ where: { groupId }, order: { createdAt: 'DESC', id: 'ASC' }, take: limit });
  }

  post(groupId: string, id: string, tx?: EntityManager): Promise<GroupForumPostEntity | null> {
    return this.p(tx).findOneBy({ groupId, id });
  }

  async insertPost(
    tx: EntityManager,
    row: Pick<GroupForumPostEntity, 'groupId' | 'authorId' | 'title' | 'content' | 'category' | 'postType'>,
    now: Date,
  ): Promise<GroupForumPostEntity> {
    const p = this.p(tx).create({ ...row, createdAt: now, updatedAt: now });
    await this.p(tx).insert(p);
    return p;
  }

  async updatePost(
    tx: EntityManager,
    id: string,
    fields: Partial<Pick<GroupForumPostEntity, 'title' | 'content' | 'category'>>,
    now: Date,
  ): Promise<void> {
    await this.p(tx).update({ id }, { ...fields, updatedAt: now });
  }

  async deletePost(tx: EntityManager, id: string): Promise<void> {
    await this.p(tx).delete({ id });
  }
}
