import { Inject, Injectable } from '@nestjs/common';
import {
  communityEvents,
  communityRoutes,
  type ForumPost,
  type GroupEvent,
  type GroupMessage,
  type RouteInput,
  type RouteOutput,
} from '@lp/contracts';
import { writeEvent } from '@lp/bus';
import { Clock, ENV, Handles, UnitOfWork, currentCaller } from '@lp/service-kit';
import type { CommunityEnv } from '../../config/community-env.js';
import { GroupAccess } from '../groups/group-access.js';
import { groupErrors } from '../groups/group-errors.js';
import { People } from '../groups/people.js';
import { postChangeRefusal } from './post-rules.js';
import { toEvent, toMessage, toPost } from './workspace.mappers.js';
import { WorkspaceRepository } from './workspace.repository.js';

type R = typeof communityRoutes;

/**
 * A group's messages, events and Group Discussions: members read (a suspended one too),
 * members who are not suspended post. Group posts are edited and deleted by their author
 * (a member not suspended; deleting stays theirs while suspended) or by an admin.
 */
@Injectable()
export class WorkspaceService {
  constructor(
    @Inject(WorkspaceRepository) private readonly workspace: WorkspaceRepository,
    @Inject(GroupAccess) private readonly access: GroupAccess,
    @Inject(People) private readonly people: People,
    @Inject(UnitOfWork) private readonly uow: UnitOfWork,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(ENV) private readonly env: CommunityEnv,
  ) {}

  @Handles(communityRoutes.groupMessages)
  async messages({ params, query }: RouteInput<R['groupMessages']>): Promise<GroupMessage[]> {
    await this.access.reader(params.id, currentCaller());
    const rows = await this.workspace.messages(params.id, query.limit, query.before);
    const names = await this.people.names(rows.map((m) => m.authorId));
    return rows.map((m) => toMessage(m, names(m.authorId)));
  }

  /** The message and community.message.posted together: the live feed shows it to the group's members. */
  @Handles(communityRoutes.postGroupMessage)
  async postMessage({ params, body }: RouteInput<R['postGroupMessage']>): Promise<GroupMessage> {
    const caller = currentCaller();
    const authorName = await this.people.name(caller.userId);
    const message = await this.uow.run(async (tx) => {
      await this.access.poster(params.id, caller, tx);
      const m = await this.workspace.insertMessage(
        tx,
        { groupId: params.id, authorId: caller.userId, content: body.content },
        this.clock.now(),
      );
      await writeEvent(tx, communityEvents.messagePosted, {
        v: 1,
        message_id: m.id,
        group_id: m.groupId,
        author_id: m.authorId,
        author_name: authorName,
        content: m.content,
        created_at: m.createdAt.toISOString(),
      });
      return m;
    });
    return toMessage(message, authorName);
  }

  @Handles(communityRoutes.groupEvents)
  async events({ params }: RouteInput<R['groupEvents']>): Promise<GroupEvent[]> {
    await this.access.reader(params.id, currentCaller());
    const rows = await this.workspace.events(params.id, this.env.ITEM_LIST_LIMIT);
    const names = await this.people.names(rows.map((e) => e.organizerId));
    return rows.map((e) => toEvent(e, names(e.organizerId)));
  }

  @Handles(communityRoutes.createGroupEvent)
  async createEvent({ params, body }: RouteInput<R['createGroupEvent']>): Promise<GroupEvent> {
    const caller = currentCaller();
    const event = await this.uow.run(async (tx) => {
      await this.access.poster(params.id, caller, tx);
      return this.workspace.insertEvent(
        tx,
        {
          groupId: params.id,
          organizerId: caller.userId,
          title: body.title,
          description: body.description,
          date: body.date,
          time: body.time,
          meetingLink: body.meeting_link ?? null,
        },
        this.clock.now(),
      );
    });
    return toEvent((await this.workspace.event(event.id))!, await this.people.name(caller.userId));
  }

  @Handles(communityRoutes.groupPosts)
  async posts({ params }: RouteInput<R['groupPosts']>): Promise<ForumPost[]> {
    const caller = currentCaller();
    await this.access.reader(params.id, caller);
    const rows = await this.workspace.posts(params.id, this.env.ITEM_LIST_LIMIT);
    const names = await this.people.names(rows.map((p) => p.authorId));
    return rows.map((p) => toPost(p, names(p.authorId), p.authorId === caller.userId || caller.role === 'admin'));
  }

  @Handles(communityRoutes.createGroupPost)
  async createPost({ params, body }: RouteInput<R['createGroupPost']>): Promise<ForumPost> {
    const caller = currentCaller();
    const authorName = await this.people.name(caller.userId);
    const post = await this.uow.run(async (tx) => {
      await this.access.poster(params.id, caller, tx);
      const p = await this.workspace.insertPost(
        tx,
        {
          groupId: params.id,
          authorId: caller.userId,
          title: body.title,
          content: body.content,
          category: body.category,
          postType: body.post_type,
        },
        this.clock.now(),
      );
      await writeEvent(tx, communityEvents.forumPostCreated, {
        v: 1,
        post_id: p.id,
        group_id: p.groupId,
        author_id: p.authorId,
        author_name: authorName,
        title: p.title,
        post_type: p.postType,
        created_at: p.createdAt.toISOString(),
      });
      return p;
    });
    return toPost(post, authorName, true);
  }

  @Handles(communityRoutes.updateGroupPost)
  async updatePost({ params, body }: RouteInput<R['updateGroupPost']>): Promise<ForumPost> {
    const caller = currentCaller();
    await this.uow.run(async (tx) => {
      const { member, bans } = await this.access.load(params.id, caller, tx);
      const post = await this.workspace.post(params.id, params.postId, tx);
      if (!post) throw groupErrors.postNotFound();
      const refusal = postChangeRefusal('edit', post, caller, { member: !!member, suspended: bans.has('suspended') });
      if (refusal === 'not_author') throw groupErrors.notPostAuthor();
      if (refusal === 'suspended') throw groupErrors.suspended();
      await this.workspace.updatePost(
        tx,
        post.id,
        { title: body.title, content: body.content, ...(body.category ? { category: body.category } : {}) },
        this.clock.now(),
      );
    });
    const post = (await this.workspace.post(params.id, params.postId))!;
    return toPost(post, await this.people.name(post.authorId), true);
  }

  @Handles(communityRoutes.deleteGroupPost)
  async deletePost({ params }: RouteInput<R['deleteGroupPost']>): Promise<RouteOutput<R['deleteGroupPost']>> {
    const caller = currentCaller();
    await this.uow.run(async (tx) => {
      const { member, bans } = await this.access.load(params.id, caller, tx);
      const post = await this.workspace.post(params.id, params.postId, tx);
      if (!post) throw groupErrors.postNotFound();
      if (postChangeRefusal('delete', post, caller, { member: !!member, suspended: bans.has('suspended') }))
        throw groupErrors.notPostAuthor();
      await this.workspace.deletePost(tx, post.id);
    });
    return { message: 'Post deleted successfully!' };
  }
}
