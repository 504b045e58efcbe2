import { describe, expect, it } from '@jest/globals';
import { randomBytes } from 'node:crypto';
import { NestFactory } from '@nestjs/core';
import { testEnv } from '@lp/testing';
import { BillingModule } from '../src/app.module.js';

/**
 * Production settings that pass the kit's own checks (strong secrets, a NATS user, a Redis
 * password), so that what refuses the boot is billing's payment settings and nothing else.
 */
const production = (extra: Record<string, string>) => ({
  ...testEnv(),
  NODE_ENV: 'production',
  JWT_SECRET: randomBytes(32).toString('hex'),
  CALLER_VERIFY_KEY: 'MCowBQYDK2VwAyEAproductionKeyForTheBootTestOnly000000000=',
  NATS_USER: 'billing',
  NATS_PASSWORD: randomBytes(16).toString('hex'),
  REDIS_URL: `redis://:${randomBytes(16).toString('hex')}@127.0.0.1:6379`,
  ...extra,
});

describe('billing at boot', () => {
  it('refuses to start in production with a method on the demo checkout, saying which and why', async () => {
    const boot = NestFactory.createApplicationContext(BillingModule.create(production({ PAYMENT_PROVIDER_TELEBIRR: 'demo' })), {
      logger: false,
      abortOnError: false,
    });
    await expect(boot).rejects.toThrow(/Invalid configuration:[\s\S]*PAYMENT_PROVIDER_TELEBIRR: is demo: the demo checkout takes no money/);
  });

  it('refuses the demo payout rail in production too', async () => {
    const boot = NestFactory.createApplicationContext(BillingModule.create(production({ PAYOUT_RAIL_MPESA: 'demo' })), {
      logger: false,
      abortOnError: false,
    });
    await expect(boot).rejects.toThrow(/PAYOUT_RAIL_MPESA: is demo: the demo payout rail pays nothing out/);
  });
});
