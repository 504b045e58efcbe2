import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { ExportUserDataReply, JOBS, identityInternal, identityRoutes, systemSubjects } from '@lp/contracts';
import { Queue } from 'bullmq';
import { queuePrefix } from '@lp/service-kit';
import { IdentityHarness } from './support/identity-harness.js';

jest.setTimeout(30_000);

let h: IdentityHarness;
beforeAll(async () => {
  h = await IdentityHarness.start();
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

  it('never waits on the worker: without one it answers the queued export with its progress, the same one each time', async () => {
    const r = await h.register();
    const first = (await h.call(identityRoutes.exportData, {}, r.caller)) as unknown as { pending: { status: string; progress: number } };
    expect(first.pending).toMatchObject({ status: 'queued', progress: 0, retry_after: 2 });
    await h.call(identityRoutes.exportData, {}, r.caller);
    const queue = new Queue(JOBS.dataExport.queue, { connection: { url: h.env.REDIS_URL! }, prefix: queuePrefix(h.env.BUS_PREFIX!) });
    try {
      expect((await queue.getJobs(['waiting'])).filter((j) => j.data.user_id === r.userId)).toHaveLength(1);
    } finally {
      await queue.close();
    }
  });
});
