import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { ALL_EVENTS, ALL_INTERNAL, ALL_ROUTES, RUNNING_SERVICES } from '@lp/contracts';
import { busPermissions, busPrincipals, deployedNatsConfig, inboxPrefixOf, natsPasswordEnv } from './nats-permissions.js';

const ROOT = join(import.meta.dirname, '..', '..', '..');

describe('NATS permissions generated from the contracts', () => {
  const prod = busPermissions({ prefix: '', development: false });
  const dev = busPermissions({ prefix: 'e2e.', development: true });

  it('only the gateway (and the development seed) may call route subjects', () => {
    for (const r of ALL_ROUTES.filter((x) => RUNNING_SERVICES.includes(x.service))) {
      const callers = Object.entries(prod)
        .filter(([, p]) => p.publish.includes(r.subject))
        .map(([who]) => who);
      expect({ subject: r.subject, callers }).toEqual({ subject: r.subject, callers: ['gateway'] });
      const answerers = Object.entries(prod)
        .filter(([, p]) => p.subscribe.includes(r.subject))
        .map(([who]) => who);
      expect({ subject: r.subject, answerers }).toEqual({ subject: r.subject, answerers: [r.service] });
    }
  });

  it('each event is published by its own service only; a service not running yet, by nobody', () => {
    for (const e of ALL_EVENTS) {
      const publishers = Object.entries(prod)
        .filter(([, p]) => p.publish.includes(`events.${e.name}`))
        .map(([who]) => who);
      expect({ event: e.name, publishers }).toEqual({ event: e.name, publishers: RUNNING_SERVICES.includes(e.service) ? [e.service] : [] });
    }
  });

  it('internal subjects go to their declared callers; seed subjects and the seed user exist in development only', () => {
    for (const d of ALL_INTERNAL) {
      const callers = Object.entries(prod)
        .filter(([, p]) => p.publish.includes(d.subject))
        .map(([who]) => who);
      expect({ subject: d.subject, callers }).toEqual({ subject: d.subject, callers: d.devOnly ? [] : d.callers.filter((c) => c in prod) });
    }
    expect(busPrincipals({ prefix: '', development: false })).not.toContain('seed');
    expect(dev.seed!.publish).toContain('e2e.identity.seed.ensure-user');
    expect(dev.identity!.subscribe).toContain('e2e.identity.seed.ensure-user');
    expect(prod.identity!.subscribe).not.toContain('identity.seed.ensure-user');
  });

  it('the Telegram bot calls exactly the subjects that name it, and no route', () => {
    const bot = prod['telegram-bot']!;
    expect(bot.publish).toContain('identity.telegram.confirm-link');
    expect(bot.publish.sort()).toEqual(
      [...ALL_INTERNAL.filter((d) => d.callers.includes('telegram-bot')).map((d) => d.subject), 'telegram-bot.system.health'].sort(),
    );
    expect(bot.publish.filter((s) => ALL_ROUTES.some((r) => r.subject === s))).toEqual([]);
    expect(bot.subscribe).toEqual(['telegram-bot.system.>', '_INBOX_telegram_bot.>']);
    expect(natsPasswordEnv('telegram-bot')).toBe('NATS_PASSWORD_TELEGRAM_BOT');
    expect(deployedNatsConfig()).toContain('{ user: "telegram-bot", password: $NATS_PASSWORD_TELEGRAM_BOT,');
  });

  it('no wildcard gives a principal the whole JetStream API or another inbox', () => {
    for (const [who, p] of Object.entries(prod)) {
      expect(
        p.publish.filter(
          (s) => s === '>' || s.startsWith('$JS.API.>') || s === '$JS.API.CONSUMER.>' || s.includes('DELETE') || s.includes('PURGE'),
        ),
      ).toEqual([]);
      expect(p.subscribe.filter((s) => s.startsWith('_INBOX') && !s.startsWith(`${inboxPrefixOf(who as never)}.`))).toEqual([]);
    }
  });

  it('k8s/base/nats/nats-server.conf (compose and k8s) is what the contracts generate: run node infra/nats-config.mjs', () => {
    expect(readFileSync(join(ROOT, 'k8s', 'base', 'nats', 'nats-server.conf'), 'utf8')).toBe(deployedNatsConfig());
  });
});
