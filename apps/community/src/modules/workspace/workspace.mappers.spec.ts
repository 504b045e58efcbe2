import { describe, expect, it } from '@jest/globals';
import type { GroupEventEntity } from '../../entities/group-event.entity.js';
import type { GroupFileEntity } from '../../entities/group-file.entity.js';
import type { GroupForumPostEntity } from '../../entities/group-forum-post.entity.js';
import type { GroupMessageEntity } from '../../entities/group-message.entity.js';
import { toEvent, toFile, toMessage, toPost } from './workspace.mappers.js';

const AT = new Date('2026-05-04T15:20:00Z');

describe("a group workspace's items as the API shows them", () => {
  it('shows a message with its author named and its time in ISO', () => {
    const m = { id: 'm1', groupId: 'g1', authorId: 'u1', content: 'Hello', createdAt: AT } as GroupMessageEntity;
    expect(toMessage(m, 'Ann')).toEqual({
      id: 'm1',
      group_id: 'g1',
      author_id: 'u1',
      author_name: 'Ann',
      content: 'Hello',
      created_at: '2026-05-04T15:20:00.000Z',
    });
  });

  it("shows a file's size as a number (pg hands a bigint over as text) and not where it is stored", () => {
    const f = {
      id: 'f1',
      groupId: 'g1',
      uploaderId: 'u1',
      filename: 'notes.pdf',
      storageKey: 'groups/g1/f1',
      contentType: 'application/pdf',
      size: '2048' as unknown as number,
      uploadedAt: AT,
    } as GroupFileEntity;
    const shown = toFile(f, 'Ann');
    expect(shown).toMatchObject({ size: 2048, filename: 'notes.pdf', uploader_name: 'Ann', uploaded_at: '2026-05-04T15:20:00.000Z' });
    expect(typeof shown.size).toBe('number');
    expect(JSON.stringify(shown)).not.toContain('groups/g1/f1');
  });

  it("shows an event's date as the form wrote it and its time to the minute", () => {
    const e = {
      id: 'e1',
      groupId: 'g1',
      organizerId: 'u1',
      title: 'Review',
      description: '',
      date: '2026-06-01',
      time: '18:30:00',
      meetingLink: null,
      createdAt: AT,
    } as GroupEventEntity;
    expect(toEvent(e, 'Ann')).toMatchObject({ date: '2026-06-01', time: '18:30', meeting_link: null, organizer_name: 'Ann' });
  });

  it("keeps an event's calendar day when pg hands the date over as a local-midnight Date", () => {
    const e = {
      id: 'e1',
      groupId: 'g1',
      organizerId: 'u1',
      title: 'T',
      description: '',
      time: '07:05:00',
      meetingLink: 'https://meet.example.test/x',
      createdAt: AT,
    } as GroupEventEntity;
    const localMidnight = new Date(2026, 0, 9);
    expect(toEvent({ ...e, date: localMidnight as unknown as string }, 'Ann')).toMatchObject({ date: '2026-01-09', time: '07:05' });
  });

  it('shows a post with whether the caller may edit it', () => {
    const p = {
      id: 'p1',
      groupId: 'g1',
      authorId: 'u1',
      title: 'Week 1',
      content: 'Text',
      category: 'general',
      postType: 'discussion',
      createdAt: AT,
      updatedAt: new Date('2026-05-05T10:00:00Z'),
    } as GroupForumPostEntity;
    expect(toPost(p, 'Ann', false)).toMatchObject({ post_type: 'discussion', can_edit: false, updated_at: '2026-05-05T10:00:00.000Z' });
    expect(toPost(p, 'Ann', true).can_edit).toBe(true);
  });
});
