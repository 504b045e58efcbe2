import { describe, expect, it } from '@jest/globals';
import { parseEnv } from '@lp/service-kit';
import { BillingEnvSchema, resolveProviders, resolveRails } from './billing-env.js';

const parse = (env: Record<string, string>) => parseEnv(BillingEnvSchema, env);

describe("billing's payment settings", () => {
  it('defaults every method to the demo checkout and every payout to the demo rail in development and tests', () => {
    for (const NODE_ENV of ['development', 'test']) {
      const env = parse({ NODE_ENV });
      expect(resolveProviders(env)).toEqual({ chapa: 'demo', telebirr: 'demo', mpesa: 'demo' });
      expect(resolveRails(env)).toEqual({ telebirr: 'demo', mpesa: 'demo', bank: 'demo' });
    }
    // Chapa's key alone still puts chapa on Chapa, as before
    expect(resolveProviders(parse({ NODE_ENV: 'development', CHAPA_SECRET_KEY: 'k' })).chapa).toBe('chapa');
  });

  it('has no default to the demo in production: an unset method is unavailable', () => {
    const env = parse({ NODE_ENV: 'production' });
    expect(resolveProviders(env)).toEqual({ chapa: null, telebirr: null, mpesa: null });
    expect(resolveRails(env)).toEqual({ telebirr: null, mpesa: null, bank: null });
  });

  it('refuses the demo provider and the demo payout rail in production, naming the setting', () => {
    expect(() => parse({ NODE_ENV: 'production', PAYMENT_PROVIDER_TELEBIRR: 'demo' })).toThrow(
      /PAYMENT_PROVIDER_TELEBIRR: is demo: the demo checkout takes no money .* production refuses it/,
    );
    expect(() => parse({ NODE_ENV: 'production', PAYMENT_PROVIDER_MPESA: 'demo', PAYOUT_RAIL_BANK: 'demo' })).toThrow(
      /PAYMENT_PROVIDER_MPESA[\s\S]*PAYOUT_RAIL_BANK/,
    );
    expect(() => parse({ NODE_ENV: 'production', PAYMENT_PROVIDER_CHAPA: 'demo', CHAPA_SECRET_KEY: 'k' })).toThrow(
      /PAYMENT_PROVIDER_CHAPA/,
    );
  });

  it('refuses a real provider without its settings', () => {
    expect(() => parse({ NODE_ENV: 'development', PAYMENT_PROVIDER_TELEBIRR: 'telebirr' })).toThrow(
      /TELEBIRR_API_URL[\s\S]*TELEBIRR_PRIVATE_KEY[\s\S]*TELEBIRR_PUBLIC_KEY/,
    );
    expect(() => parse({ NODE_ENV: 'production', PAYMENT_PROVIDER_MPESA: 'mpesa' })).toThrow(
      /MPESA_CONSUMER_KEY[\s\S]*MPESA_PASSKEY[\s\S]*PUBLIC_URL/,
    );
    expect(() => parse({ NODE_ENV: 'production', PAYMENT_PROVIDER_CHAPA: 'chapa' })).toThrow(/CHAPA_SECRET_KEY/);
    expect(() =>
      parse({ NODE_ENV: 'development', PAYMENT_PROVIDER_TELEBIRR: 'telebirr', TELEBIRR_PRIVATE_KEY_FILE: '/nonexistent/key.pem' }),
    ).toThrow(/TELEBIRR_PRIVATE_KEY_FILE: cannot be read/);
  });

  it('takes production with real providers and rails', () => {
    const env = parse({
      NODE_ENV: 'production',
      PAYMENT_PROVIDER_MPESA: 'mpesa',
      MPESA_API_URL: 'https://daraja.example',
      MPESA_CONSUMER_KEY: 'k',
      MPESA_CONSUMER_SECRET: 's',
      MPESA_SHORTCODE: '174379',
      MPESA_PASSKEY: 'p',
      PUBLIC_URL: 'https://learn.example/',
      PAYOUT_RAIL_BANK: 'manual',
    });
    expect(resolveProviders(env)).toEqual({ chapa: null, telebirr: null, mpesa: 'mpesa' });
    expect(resolveRails(env)).toEqual({ telebirr: null, mpesa: null, bank: 'manual' });
    expect(env.PUBLIC_URL).toBe('https://learn.example');
  });
});
