import { describe, expect, it } from '@jest/globals';
import { emptyGroupForm, FILL_ALL_FIELDS, FILL_REQUIRED_FIELDS, hasTitleAndContent, validateEventForm, validateGroupForm } from './forms';

const filled = { ...emptyGroupForm, name: 'Algebra', description: 'Weekly practice', category: 'academic_support' as const };

describe('study group form', () => {
  it("says 'Please fill in all fields' on create and 'Please fill in all required fields' on the manage form", () => {
    expect(validateGroupForm({ ...filled, name: '  ' }, 'create')).toEqual({ error: FILL_ALL_FIELDS });
    expect(validateGroupForm({ ...filled, category: '' }, 'create')).toEqual({ error: FILL_ALL_FIELDS });
    expect(validateGroupForm({ ...filled, description: '' }, 'manage')).toEqual({ error: FILL_REQUIRED_FIELDS });
  });

  it('sends max members 50 when the field is not a number, and keeps it between 5 and 100', () => {
    expect(validateGroupForm({ ...filled, max_members: 'many' }, 'create')).toEqual({
      body: { name: 'Algebra', description: 'Weekly practice', category: 'academic_support', max_members: 50, privacy: 'public' },
    });
    expect(validateGroupForm({ ...filled, max_members: '4' }, 'create')).toEqual({ error: 'Max members must be at least 5' });
    expect(validateGroupForm({ ...filled, max_members: '101' }, 'manage')).toEqual({ error: 'Max members cannot exceed 100' });
    expect(validateGroupForm({ ...filled, max_members: '100', privacy: 'private' }, 'manage')).toMatchObject({
      body: { max_members: 100, privacy: 'private' },
    });
  });
});

describe('forum posts', () => {
  it('need a title and content that are not blank', () => {
    expect(hasTitleAndContent({ title: 'Hi', content: 'There' })).toBe(true);
    expect(hasTitleAndContent({ title: 'Hi', content: '   ' })).toBe(false);
    expect(hasTitleAndContent({ title: '', content: 'There' })).toBe(false);
  });
});

describe('group events', () => {
  const event = { title: 'Review', date: '2026-12-01', time: '18:00', meeting_link: '', description: '' };
  it('need title, date and time; the meeting link is optional but an http(s) address', () => {
    expect(validateEventForm(event)).toBeNull();
    expect(validateEventForm({ ...event, time: '' })).toEqual({ error: FILL_REQUIRED_FIELDS });
    expect(validateEventForm({ ...event, meeting_link: 'https://meet.example.com/abc' })).toBeNull();
    expect(validateEventForm({ ...event, meeting_link: 'javascript:alert(1)' })).toEqual({ error: 'Meeting link must be an http(s) URL' });
    expect(validateEventForm({ ...event, meeting_link: 'not a link' })).toEqual({ error: 'Meeting link must be an http(s) URL' });
  });
});
