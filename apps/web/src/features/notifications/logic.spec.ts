import { describe, expect, it } from '@jest/globals';
import { appPath, badgeText, createdNotificationOf, filterQuery, notificationFilterFrom, relativeTime } from './logic';

const ME = '99999999-8888-4777-8666-555555555555';
const stored = {
  id: '00000000-0000-4000-8000-000000000001',
  type: 'answer_accepted',
  category: 'community',
  params: {},
  link: '/qa/q1',
  read: false,
  created_at: '2026-11-27T10:00:00.000Z',
};

describe('notifications logic', () => {
  it('caps the badge at 99+', () => {
    expect([0, 1, 99, 100, 5000].map(badgeText)).toEqual(['0', '1', '99', '99+', '99+']);
  });

  it('reads the filter off the address, anything unknown being all of them', () => {
    expect(['unread', 'payments', 'reminders', null, 'spam', ''].map(notificationFilterFrom)).toEqual([
      'unread',
      'payments',
      'reminders',
      'all',
      'all',
      'all',
    ]);
    expect(filterQuery('all')).toEqual({});
    expect(filterQuery('unread')).toEqual({ unread: 'true' });
    expect(filterQuery('achievements')).toEqual({ category: 'achievements' });
  });

  it('follows only paths of this app', () => {
    expect(appPath('/qa/q1')).toBe('/qa/q1');
    expect(appPath(null)).toBeNull();
    expect(appPath('https://example.com/')).toBeNull();
    expect(appPath('//example.com/x')).toBeNull();
    expect(appPath('javascript:alert(1)')).toBeNull();
  });

  it("takes the caller's own new notifications off the live feed, and nothing else", () => {
    const event = { event: 'gamification.notification.created', data: { v: 1, user_id: ME, notification: stored, unread: 3 } };
    expect(createdNotificationOf(event, ME)).toEqual({ notification: stored, unread: 3 });
    expect(createdNotificationOf(event, '11111111-2222-4333-8444-555555555555')).toBeNull();
    expect(createdNotificationOf({ ...event, event: 'gamification.level.reached' }, ME)).toBeNull();
    expect(createdNotificationOf({ ...event, data: { user_id: ME, unread: 'three' } }, ME)).toBeNull();
  });

  it('says how long ago, then the date after four weeks', () => {
    const now = Date.parse('2026-11-27T12:00:00.000Z');
    const ago = (seconds: number) => relativeTime(new Date(now - seconds * 1000).toISOString(), now, 'en');
    expect(ago(30)).toBeNull();
    expect(ago(-30)).toBeNull();
    expect(ago(60)).toBe('1 minute ago');
    expect(ago(59 * 60)).toBe('59 minutes ago');
    expect(ago(3 * 3600)).toBe('3 hours ago');
    expect(ago(30 * 3600)).toBe('yesterday');
    expect(ago(3 * 86400)).toBe('3 days ago');
    expect(ago(15 * 86400)).toBe('2 weeks ago');
    // the date in the machine's zone: the 18th, or the 19th east of UTC+12
    expect(ago(40 * 86400)).toMatch(/^Oct 1[89], 2026$/);
    expect(relativeTime('not a date', now, 'en')).toBe('not a date');
  });
});
