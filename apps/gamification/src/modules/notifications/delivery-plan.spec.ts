import { describe, expect, it } from '@jest/globals';
import { NOTIFICATION_TYPES, type NotificationTypeDef } from '@lp/contracts';
import { SWITCHES_ON, notBefore, outboundChannels, wanted, type Recipient } from './delivery-plan.js';

const reachable: Recipient = { switches: SWITCHES_ON, choices: new Map(), reachable: new Set(['email', 'telegram', 'push']) };
const reminder: NotificationTypeDef = { ...NOTIFICATION_TYPES.assignment_graded, type: 'study_reminder', obeys: 'studyReminders' };

describe('outboundChannels', () => {
  it('goes out on every declared channel the recipient can be reached on, by default', () => {
    expect(outboundChannels(NOTIFICATION_TYPES.enrollment_confirmed, reachable)).toEqual(['email', 'telegram', 'push']);
    expect(outboundChannels(NOTIFICATION_TYPES.enrollment_confirmed, { ...reachable, reachable: new Set(['email']) })).toEqual(['email']);
    // level ups are not e-mailed
    expect(outboundChannels(NOTIFICATION_TYPES.level_up, reachable)).toEqual(['telegram', 'push']);
  });

  it("drops the e-mail when the account's Email Notifications switch is off, and only the e-mail", () => {
    const r = { ...reachable, switches: { ...SWITCHES_ON, email: false } };
    expect(outboundChannels(NOTIFICATION_TYPES.payment_completed, r)).toEqual(['telegram', 'push']);
  });

  it('drops a channel the user switched off for that type, not for the others', () => {
    const r = { ...reachable, choices: new Map([['answer_posted|email', false]]) };
    expect(outboundChannels(NOTIFICATION_TYPES.answer_posted, r)).toEqual(['telegram', 'push']);
    expect(outboundChannels(NOTIFICATION_TYPES.answer_accepted, r)).toEqual(['email', 'telegram', 'push']);
  });

  it('stops a type that obeys Study Reminders or Assignment Deadlines altogether when that switch is off', () => {
    expect(wanted(reminder, { switches: SWITCHES_ON })).toBe(true);
    expect(wanted(reminder, { switches: { ...SWITCHES_ON, studyReminders: false } })).toBe(false);
    expect(outboundChannels(reminder, { ...reachable, switches: { ...SWITCHES_ON, studyReminders: false } })).toEqual([]);
    // the e-mail switch never stops the in-app notification
    expect(wanted(NOTIFICATION_TYPES.payment_completed, { switches: { ...SWITCHES_ON, email: false } })).toBe(true);
  });
});

describe('notBefore: quiet hours 22:00-07:00 in the recipient zone', () => {
  const zone = 'Africa/Nairobi'; // UTC+3, no daylight saving
  it('is now between 07:00 and 22:00 there', () => {
    const now = new Date('2026-11-28T10:00:00Z'); // 13:00 in Nairobi
    expect(notBefore(now, zone, false)).toBe(now);
    expect(notBefore(new Date('2026-11-28T04:00:00Z'), zone, false)).toEqual(new Date('2026-11-28T04:00:00Z')); // 07:00 sharp
  });

  it('waits until 07:00 the next morning after 22:00, and until 07:00 the same morning after midnight', () => {
    expect(notBefore(new Date('2026-11-28T19:30:00Z'), zone, false)).toEqual(new Date('2026-11-29T04:00:00Z')); // 22:30
    expect(notBefore(new Date('2026-11-28T23:00:00Z'), zone, false)).toEqual(new Date('2026-11-29T04:00:00Z')); // 02:00
  });

  it('follows the zone: the same instant is quiet in one zone and not in another', () => {
    const at = new Date('2026-11-28T21:30:00Z');
    expect(notBefore(at, 'Europe/London', false)).toBe(at); // 21:30
    expect(notBefore(at, 'Europe/Berlin', false)).toEqual(new Date('2026-11-29T06:00:00Z')); // 22:30 -> 07:00 CET
  });

  it('takes the daylight-saving change into account (07:00 the morning after the clocks moved)', () => {
    // New York, 2026-03-08: clocks go from 02:00 EST to 03:00 EDT; 23:00 EST the evening before
    expect(notBefore(new Date('2026-03-08T04:00:00Z'), 'America/New_York', false)).toEqual(new Date('2026-03-08T11:00:00Z'));
  });

  it('never holds a security message', () => {
    const at = new Date('2026-11-28T23:00:00Z');
    expect(notBefore(at, zone, true)).toBe(at);
  });
});
