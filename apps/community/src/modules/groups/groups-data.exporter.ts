import { Inject, Injectable } from '@nestjs/common';
import { DataSource, In } from 'typeorm';
import { ExportsUserData, iso, isoOrNull } from '@lp/service-kit';
import { DirectMessageEntity } from '../../entities/direct-message.entity.js';
import { GroupBanEntity } from '../../entities/group-ban.entity.js';
import { GroupEventEntity } from '../../entities/group-event.entity.js';
import { GroupFileEntity } from '../../entities/group-file.entity.js';
import { GroupForumPostEntity } from '../../entities/group-forum-post.entity.js';
import { GroupInvitationEntity } from '../../entities/group-invitation.entity.js';
import { GroupMemberEntity } from '../../entities/group-member.entity.js';
import { GroupMessageEntity } from '../../entities/group-message.entity.js';
import { StudyGroupEntity } from '../../entities/study-group.entity.js';
import { People } from './people.js';

/**
 * Community's part of "Download my data" for study groups and direct messages: what the
 * person created, wrote, uploaded and sent; of others, names only. (The Q&A forum adds its
 * own part; the service merges them, so the keys here are the groups' own.)
 */
@Injectable()
export class GroupsDataExporter {
  constructor(
    @Inject(DataSource) private readonly ds: DataSource,
    @Inject(People) private readonly people: People,
  ) {}

  @ExportsUserData()
  async exportUserData(userId: string): Promise<Record<string, unknown>> {
    const m = this.ds.manager;
    const [created, memberships, messages, posts, files, events, invitations, dms, bans] = await Promise.all([
      m.getRepository(StudyGroupEntity).find({ where: { creatorId: userId }, order: { createdAt: 'ASC' } }),
      m.getRepository(GroupMemberEntity).find({ where: { userId }, order: { joinedAt: 'ASC' } }),
      m.getRepository(GroupMessageEntity).find({ where: { authorId: userId }, order: { createdAt: 'ASC' } }),
      m.getRepository(GroupForumPostEntity).find({ where: { authorId: userId }, order: { createdAt: 'ASC' } }),
      m.getRepository(GroupFileEntity).find({ where: { uploaderId: userId }, order: { uploadedAt: 'ASC' } }),
      m.getRepository(GroupEventEntity).find({ where: { organizerId: userId }, order: { createdAt: 'ASC' } }),
      m.getRepository(GroupInvitationEntity).find({ where: { invitedBy: userId }, order: { createdAt: 'ASC' } }),
      m.getRepository(DirectMessageEntity).find({ where: [{ senderId: userId }, { recipientId: userId }], order: { createdAt: 'ASC' } }),
      m.getRepository(GroupBanEntity).find({ where: { userId }, order: { bannedAt: 'ASC' } }),
    ]);
    const suspendedIn = new Set(bans.filter((b) => b.kind === 'suspended' && !b.liftedAt).map((b) => b.groupId));
    const groupIds = [
      ...new Set([...memberships.map((x) => x.groupId), ...invitations.map((x) => x.groupId), ...bans.map((x) => x.groupId)]),
    ];
    const groupNames = new Map(
      (groupIds.length
        ? await m.getRepository(StudyGroupEntity).find({ select: { id: true, name: true }, where: { id: In(groupIds) } })
        : []
      ).map((g) => [g.id, g.name]),
    );
    const name = await this.people.names(dms.flatMap((d) => [d.senderId, d.recipientId]));
    return {
      study_groups_created: created.map((g) => ({
        id: g.id,
        name: g.name,
        description: g.description,
        category: g.category,
        privacy: g.privacy,
        max_members: g.maxMembers,
        created_at: iso(g.createdAt),
      })),
      study_group_memberships: memberships.map((x) => ({
        group_id: x.groupId,
        group_name: groupNames.get(x.groupId) ?? null,
        role: x.role,
        is_suspended: suspendedIn.has(x.groupId),
        joined_at: iso(x.joinedAt),
      })),
      // the bans on the person (who placed them is a moderator's act, not the person's data: left out with the reason)
      study_group_bans: bans.map((x) => ({
        group_id: x.groupId,
        group_name: groupNames.get(x.groupId) ?? null,
        kind: x.kind,
        banned_at: iso(x.bannedAt),
        lifted_at: isoOrNull(x.liftedAt),
      })),
      study_group_messages: messages.map((x) => ({ group_id: x.groupId, content: x.content, created_at: iso(x.createdAt) })),
      study_group_posts: posts.map((x) => ({
        group_id: x.groupId,
        title: x.title,
        content: x.content,
        category: x.category,
        post_type: x.postType,
        created_at: iso(x.createdAt),
        updated_at: iso(x.updatedAt),
      })),
      study_group_files: files.map((x) => ({
        group_id: x.groupId,
        filename: x.filename,
        size: Number(x.size),
        content_type: x.contentType,
        uploaded_at: iso(x.uploadedAt),
      })),
      study_group_events: events.map((x) => ({
        group_id: x.groupId,
        title: x.title,
        description: x.description,
        date: String(x.date).slice(0, 10),
        time: x.time.slice(0, 5),
        meeting_link: x.meetingLink,
        created_at: iso(x.createdAt),
      })),
      study_group_invitations_sent: invitations.map((x) => ({
        group_id: x.groupId,
        group_name: groupNames.get(x.groupId) ?? null,
        email: x.email,
        status: x.status,
        message: x.message,
        created_at: iso(x.createdAt),
        responded_at: isoOrNull(x.respondedAt),
      })),
      direct_messages: dms.map((d) => ({
        direction: d.senderId === userId ? 'sent' : 'received',
        with: name(d.senderId === userId ? d.recipientId : d.senderId),
        content: d.content,
        context: d.context,
        created_at: iso(d.createdAt),
      })),
    };
  }
}
