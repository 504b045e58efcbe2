import type { ForumPost, GroupEvent, GroupFile, GroupMessage } from '@lp/contracts';
import { iso } from '@lp/service-kit';
import type { GroupEventEntity } from '../../entities/group-event.entity.js';
import type { GroupFileEntity } from '../../entities/group-file.entity.js';
import type { GroupForumPostEntity } from '../../entities/group-forum-post.entity.js';
import type { GroupMessageEntity } from '../../entities/group-message.entity.js';

const pad = (n: number) => String(n).padStart(2, '0');
/** A `date` column as the form wrote it (pg may hand it over as a local-midnight Date). */
const dateText = (d: string | Date): string =>
  typeof d === 'string' ? d.slice(0, 10) : `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;

export const toMessage = (m: GroupMessageEntity, authorName: string): GroupMessage => ({
  id: m.id,
  group_id: m.groupId,
  author_id: m.authorId,
  author_name: authorName,
  content: m.content,
  created_at: iso(m.createdAt),
});

export const toFile = (f: GroupFileEntity, uploaderName: string): GroupFile => ({
  id: f.id,
  group_id: f.groupId,
  filename: f.filename,
  size: Number(f.size),
  content_type: f.contentType,
  uploader_id: f.uploaderId,
  uploader_name: uploaderName,
  uploaded_at: iso(f.uploadedAt),
});

export const toEvent = (e: GroupEventEntity, organizerName: string): GroupEvent => ({
  id: e.id,
  group_id: e.groupId,
  title: e.title,
  description: e.description,
  date: dateText(e.date),
  time: e.time.slice(0, 5),
  meeting_link: e.meetingLink,
  organizer_id: e.organizerId,
  organizer_name: organizerName,
  created_at: iso(e.createdAt),
});

export const toPost = (p: GroupForumPostEntity, authorName: string, canEdit: boolean): ForumPost => ({
  id: p.id,
  group_id: p.groupId,
  title: p.title,
  content: p.content,
  category: p.category,
  post_type: p.postType,
  author_id: p.authorId,
  author_name: authorName,
  can_edit: canEdit,
  created_at: iso(p.createdAt),
  updated_at: iso(p.updatedAt),
});
