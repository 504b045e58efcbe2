import { describe, expect, it } from '@jest/globals';
import { NOTIFICATION_DIGEST_TEXT } from '@lp/contracts';
import { deliveryText } from './delivery-text.js';

const answer = (name: string) => ({ author_name: name });

describe("a delivery's text", () => {
  it("is the catalogue's title and body for one notification, with no lines", () => {
    expect(deliveryText({ type: 'answer_posted', params: answer('Ada'), digest: null }, 'UTC')).toEqual({
      title: 'New answer to your question',
      body: 'Ada answered your question.',
      lines: [],
    });
  });

  it("for a digest, names the count and the type, since when in the recipient's zone, and each one's title", () => {
    const digest = { count: 3, since: new Date('2026-12-01T21:30:00Z'), params: [answer('A'), answer('B'), answer('C')] };
    const t = deliveryText(
      {
        type: 'enrollment_confirmed',
        params: {},
        digest: { ...digest, params: [{ course_title: 'Go' }, { course_title: 'Rust' }, { course_title: 'C' }] },
      },
      'Africa/Nairobi',
    );
    expect(t.title).toBe('3 new notifications: Enrollment confirmed');
    // 21:30 UTC is 00:30 the next day in Nairobi
    expect(t.body).toBe('You have 3 new notifications of this kind since Wed 2 Dec, 00:30:');
    expect(t.lines).toEqual(['Enrolled in Go', 'Enrolled in Rust', 'Enrolled in C']);
  });

  it('lists the newest ones only, then how many more', () => {
    const n = NOTIFICATION_DIGEST_TEXT.listed + 4;
    const params = Array.from({ length: NOTIFICATION_DIGEST_TEXT.listed }, (_, i) => answer(`P${i}`));
    const t = deliveryText({ type: 'answer_posted', params: params[0]!, digest: { count: n, since: new Date(), params } }, 'UTC');
    expect(t.lines).toHaveLength(NOTIFICATION_DIGEST_TEXT.listed + 1);
    expect(t.lines.at(-1)).toBe('and 4 more.');
  });
});
