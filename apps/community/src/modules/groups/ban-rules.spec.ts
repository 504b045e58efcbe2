import { describe, expect, it } from '@jest/globals';
import { decideJoin, invitationLiftsRemoval, liftRefusal } from './ban-rules.js';

const at = (iso: string) => new Date(iso);
const REMOVED = at('2026-03-01T10:00:00Z');

describe('joining a group', () => {
  it('lets anyone into a public group and nobody into a private one without an invitation', () => {
    expect(decideJoin({ privacy: 'public', removedAt: null, invitationSentAt: null })).toEqual({ via: 'joined' });
    expect(decideJoin({ privacy: 'private', removedAt: null, invitationSentAt: null })).toEqual({ refused: 'private' });
    expect(decideJoin({ privacy: 'private', removedAt: null, invitationSentAt: at('2026-01-01T00:00:00Z') })).toEqual({
      via: 'invitation',
    });
  });

  it('refuses a removed person, public group or not, unless invited after the removal', () => {
    for (const privacy of ['public', 'private'] as const) {
      expect(decideJoin({ privacy, removedAt: REMOVED, invitationSentAt: null })).toEqual({ refused: 'removed' });
      expect(decideJoin({ privacy, removedAt: REMOVED, invitationSentAt: at('2026-02-28T10:00:00Z') })).toEqual({ refused: 'removed' });
      expect(decideJoin({ privacy, removedAt: REMOVED, invitationSentAt: REMOVED })).toEqual({ refused: 'removed' });
      expect(decideJoin({ privacy, removedAt: REMOVED, invitationSentAt: at('2026-03-01T10:00:00.001Z') })).toEqual({ via: 'invitation' });
    }
  });

  it('counts only an invitation sent strictly after the removal', () => {
    expect(invitationLiftsRemoval(null, REMOVED)).toBe(false);
    expect(invitationLiftsRemoval(REMOVED, REMOVED)).toBe(false);
    expect(invitationLiftsRemoval(at('2026-03-02T00:00:00Z'), REMOVED)).toBe(true);
  });
});

describe('lifting a ban', () => {
  const creator = { userId: 'c', role: 'creator' as const };
  const mod = { userId: 'm', role: 'moderator' as const };
  const holding = (userId: string) => ({ userId, liftedAt: null });

  it('lets the creator lift any ban on someone else, and a moderator those on plain members and non-members', () => {
    expect(liftRefusal(creator, holding('x'), 'member')).toBeNull();
    expect(liftRefusal(creator, holding('x'), 'moderator')).toBeNull();
    expect(liftRefusal(creator, holding('x'), null)).toBeNull();
    expect(liftRefusal(mod, holding('x'), 'member')).toBeNull();
    expect(liftRefusal(mod, holding('x'), null)).toBeNull();
  });

  it('refuses a moderator a ban on a moderator, anyone their own ban, and a lifted ban twice', () => {
    expect(liftRefusal(mod, holding('x'), 'moderator')).toBe('moderator_limit');
    expect(liftRefusal(mod, holding('m'), 'moderator')).toBe('own');
    expect(liftRefusal(mod, holding('m'), null)).toBe('own');
    expect(liftRefusal(creator, { userId: 'x', liftedAt: REMOVED }, null)).toBe('already_lifted');
  });
});
