import { describe, expect, it } from '@jest/globals';
import { DEV_UNSUBSCRIBE_SECRET, type GamificationEnv } from '../../config/gamification-env.js';
import { UnsubscribeLinks } from './unsubscribe-links.js';

const links = (over: Partial<GamificationEnv>) =>
  new UnsubscribeLinks({
    NODE_ENV: 'development',
    PUBLIC_URL: 'https://learn.example.test',
    UNSUBSCRIBE_SECRET: DEV_UNSUBSCRIBE_SECRET,
    ...over,
  } as GamificationEnv);
const USER = '0b6f2f5e-8a3c-4d3e-9f57-3f7f0d9a1c11';

describe('unsubscribe links', () => {
  it('refuses to start in production with the development secret, a placeholder or a short one; starts with a strong one', () => {
    for (const weak of [DEV_UNSUBSCRIBE_SECRET, 'REPLACE-ME-with-another-long-random-secret-at-least-32-chars', 'short'])
      expect(() => links({ NODE_ENV: 'production', UNSUBSCRIBE_SECRET: weak }).onModuleInit()).toThrow(/UNSUBSCRIBE_SECRET/);
    expect(() => links({ NODE_ENV: 'production', UNSUBSCRIBE_SECRET: 'k3J9x2Lq8Vn4Zr7Tb1Wm5Yc0Hd6Fs2Ge' }).onModuleInit()).not.toThrow();
    expect(() => links({}).onModuleInit()).not.toThrow();
  });

  it('opens its own tokens to the recipient and type; refuses another secret, an unknown type and a malformed user', () => {
    const l = links({});
    expect(l.open(l.token(USER, 'answer_posted'))).toEqual({ userId: USER, type: 'answer_posted' });
    expect(links({ UNSUBSCRIBE_SECRET: 'another-secret-of-thirty-two-characters!' }).open(l.token(USER, 'answer_posted'))).toBeNull();
    expect(l.open(l.token(USER, 'answer_posted').replace('answer_posted', 'not_a_type'))).toBeNull();
    expect(l.open(l.token('not-a-uuid', 'answer_posted' as never))).toBeNull();
  });

  it('points the one-click POST at the API and the person at the asking page, under PUBLIC_URL', () => {
    const { oneClick, page } = links({}).urls(USER, 'answer_posted');
    expect(oneClick).toMatch(/^https:\/\/learn\.example\.test\/api\/notifications\/unsubscribe\?token=/);
    expect(page).toMatch(/^https:\/\/learn\.example\.test\/unsubscribe\?token=/);
  });
});
