import { describe, expect, it } from '@jest/globals';
import { postChangeRefusal } from './post-rules.js';

const post = { authorId: 'author' };
const author = { userId: 'author', role: 'learner' as const };
const other = { userId: 'other', role: 'instructor' as const };
const admin = { userId: 'admin', role: 'admin' as const };
const member = { member: true, suspended: false };

describe('changing a group post', () => {
  it('lets its author edit and delete it while a member', () => {
    expect(postChangeRefusal('edit', post, author, member)).toBeNull();
    expect(postChangeRefusal('delete', post, author, member)).toBeNull();
  });

  it('refuses another member, and the author once they left the group', () => {
    expect(postChangeRefusal('edit', post, other, member)).toBe('not_author');
    expect(postChangeRefusal('delete', post, other, member)).toBe('not_author');
    expect(postChangeRefusal('edit', post, author, { member: false, suspended: false })).toBe('not_author');
    expect(postChangeRefusal('delete', post, author, { member: false, suspended: false })).toBe('not_author');
  });

  it('keeps a suspended author from editing but not from deleting', () => {
    const suspended = { member: true, suspended: true };
    expect(postChangeRefusal('edit', post, author, suspended)).toBe('suspended');
    expect(postChangeRefusal('delete', post, author, suspended)).toBeNull();
  });

  it('lets an admin edit and delete any post, member of the group or not', () => {
    const stranger = { member: false, suspended: true };
    expect(postChangeRefusal('edit', post, admin, stranger)).toBeNull();
    expect(postChangeRefusal('delete', post, admin, stranger)).toBeNull();
  });
});
