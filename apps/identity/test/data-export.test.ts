import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { ExportUserDataReply, identityInternal, identityRoutes, systemSubjects } from '@lp/contracts';
import { IdentityHarness, expectAppError } from './support/identity-harness.js';

jest.setTimeout(30_000);

let h: IdentityHarness;
beforeAll(async () => {
  h = await IdentityHarness.start({ EXPORT_TIMEOUT_MS: '500' });
});
afterAll(async () => {
  await h.stop();
});

describe("identity's part of a data export", () => {
  it('answers profile, settings, sessions, Telegram link and coming-soon subscription without any secret', async () => {
    const r = await h.register({ name: 'Exported' });
    await h.call(identityRoutes.comingSoonSubscribe, { body: { email: r.email } });
    await h.call(
      identityRoutes.updateNotificationSettings,
      { body: { email: false, studyReminders: true, assignmentDeadlines: true } },
      r.caller,
    );
    const { code } = await h.call(identityRoutes.telegramGenerateLinkCode, {}, r.caller);
    await h.internal(identityInternal.telegramConfirmLink, { code, telegram_user_id: '31337', telegram_username: 'exported_tg' });
    const { secret } = await h.call(identityRoutes.enable2fa, {}, r.caller);

    const raw = await h.client.request(systemSubjects.exportUserData('identity'), { user_id: r.userId }, { requestId: 'export-test' });
    const reply = ExportUserDataReply.parse(raw);
    expect(reply.service).toBe('identity');
    expect(reply.data).toMatchObject({
      profile: { id: r.userId, name: 'Exported', email: r.email, role: 'learner', status: 'active', two_factor_enabled: false },
      notification_settings: { email: false, studyReminders: true, assignmentDeadlines: true },
      sessions: [{ id: r.caller.sessionId, revoked_at: null }],
      telegram: { telegram_user_id: '31337', telegram_username: 'exported_tg' },
      coming_soon_subscription: { email: r.email },
      portal_memberships: [],
    });
    const text = JSON.stringify(reply.data);
    expect(text).not.toMatch(/argon2|password/i);
    expect(text).not.toContain(secret);
    expect(text).not.toContain(code);
  });

  it('answers 504 EXPORT_TIMEOUT when no worker finishes the job in time', async () => {
    const r = await h.register();
    await expectAppError(h.call(identityRoutes.exportData, {}, r.caller), 504, 'EXPORT_TIMEOUT');
  });
});
