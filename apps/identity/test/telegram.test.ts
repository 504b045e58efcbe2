import { afterAll, afterEach, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { identityInternal, identityRoutes } from '@lp/contracts';
import { IdentityHarness, expectAppError } from './support/identity-harness.js';
import { Clock } from '@lp/service-kit';

jest.setTimeout(30_000);

let h: IdentityHarness;
let clock: Clock;
beforeAll(async () => {
  h = await IdentityHarness.start();
  clock = h.get(Clock);
});
afterEach(() => {
  jest.restoreAllMocks();
});
afterAll(async () => {
  await h.stop();
});

let telegramIds = 1000;
const confirm = (code: string, telegramUserId = String(telegramIds++), username: string | null = 'tg_user') =>
  h.internal(identityInternal.telegramConfirmLink, { code, telegram_user_id: telegramUserId, telegram_username: username });

describe('telegram linking', () => {
  it('is not linked at first; a code of 8 unambiguous characters is valid 5 minutes', async () => {
    const r = await h.register();
    await expect(h.call(identityRoutes.telegramLinkStatus, {}, r.caller)).resolves.toEqual({
      linked: false,
      telegram_username: null,
      linked_at: null,
    });
    const before = Date.now();
    const out = await h.call(identityRoutes.telegramGenerateLinkCode, {}, r.caller);
    expect(out.code).toMatch(/^[ABCDEFGHJKMNPQRSTUVWXYZ2-9]{8}$/);
    expect(out.expires_in).toBe(300);
    const expires = new Date(out.expires_at).getTime();
    expect(expires).toBeGreaterThanOrEqual(before + 299_000);
    expect(expires).toBeLessThanOrEqual(Date.now() + 300_000);
  });

  it('the bot confirms the code: the account is linked; the code cannot be used again', async () => {
    const r = await h.register();
    const { code } = await h.call(identityRoutes.telegramGenerateLinkCode, {}, r.caller);
    await expect(confirm(code.toLowerCase(), '555001', 'ada_tg')).resolves.toEqual({ message: expect.any(String) });
    const status = await h.call(identityRoutes.telegramLinkStatus, {}, r.caller);
    expect(status).toMatchObject({ linked: true, telegram_username: 'ada_tg' });
    expect(Date.parse(status.linked_at!)).toBeGreaterThan(Date.now() - 60_000);
    await expectAppError(confirm(code, '555002'), 422, 'LINK_CODE_USED');
  });

  it('refuses expired and unknown codes', async () => {
    const r = await h.register();
    const { code } = await h.call(identityRoutes.telegramGenerateLinkCode, {}, r.caller);
    jest.spyOn(clock, 'now').mockReturnValue(new Date(Date.now() + 301_000));
    await expectAppError(confirm(code), 422, 'LINK_CODE_EXPIRED');
    jest.restoreAllMocks();
    await expectAppError(confirm('ZZZZ2222'), 404, 'INVALID_LINK_CODE');
    expect((await h.call(identityRoutes.telegramLinkStatus, {}, r.caller)).linked).toBe(false);
  });

  it('a new code replaces the old one', async () => {
    const r = await h.register();
    const first = await h.call(identityRoutes.telegramGenerateLinkCode, {}, r.caller);
    const second = await h.call(identityRoutes.telegramGenerateLinkCode, {}, r.caller);
    expect(second.code).not.toBe(first.code);
    await expectAppError(confirm(first.code), 404, 'INVALID_LINK_CODE');
    await confirm(second.code);
  });

  it('one Telegram account links to one user only (409)', async () => {
    const a = await h.register();
    const b = await h.register();
    await confirm((await h.call(identityRoutes.telegramGenerateLinkCode, {}, a.caller)).code, '777');
    await expectAppError(
      confirm((await h.call(identityRoutes.telegramGenerateLinkCode, {}, b.caller)).code, '777'),
      409,
      'TELEGRAM_ALREADY_LINKED',
    );
  });

  it('unlinks; unlinking with no link is 404 NOT_LINKED', async () => {
    const r = await h.register();
    await expectAppError(h.call(identityRoutes.telegramUnlink, {}, r.caller), 404, 'NOT_LINKED');
    await confirm((await h.call(identityRoutes.telegramGenerateLinkCode, {}, r.caller)).code);
    await expect(h.call(identityRoutes.telegramUnlink, {}, r.caller)).resolves.toEqual({ message: expect.any(String) });
    expect((await h.call(identityRoutes.telegramLinkStatus, {}, r.caller)).linked).toBe(false);
    await expectAppError(h.call(identityRoutes.telegramUnlink, {}, r.caller), 404, 'NOT_LINKED');
  });

  it('the bus-only subject validates its payload (400)', async () => {
    await expectAppError(
      h.client.request(identityInternal.telegramConfirmLink.subject, { code: '' }, { requestId: 't' }),
      400,
      'VALIDATION_FAILED',
    );
  });
});

describe('a short TTL from the environment', () => {
  it('TELEGRAM_LINK_CODE_TTL_SECONDS sets the lifetime of codes', async () => {
    const short = await IdentityHarness.start({ TELEGRAM_LINK_CODE_TTL_SECONDS: '1' });
    try {
      const r = await short.register();
      const { code, expires_in } = await short.call(identityRoutes.telegramGenerateLinkCode, {}, r.caller);
      expect(expires_in).toBe(1);
      await new Promise((done) => setTimeout(done, 1100));
      await expectAppError(
        short.internal(identityInternal.telegramConfirmLink, { code, telegram_user_id: '9', telegram_username: null }),
        422,
        'LINK_CODE_EXPIRED',
      );
    } finally {
      await short.stop();
    }
  });
});
