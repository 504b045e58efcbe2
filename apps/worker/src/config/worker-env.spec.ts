import { describe, expect, it } from '@jest/globals';
import { RUNNING_SERVICES } from '@lp/contracts';
import { parseEnv } from '@lp/service-kit';
import webpush from 'web-push';
import { WorkerEnvSchema } from './worker-env.js';

describe('worker env', () => {
  it('asks every running service by default', () => {
    expect(parseEnv(WorkerEnvSchema, {}).EXPORT_SERVICES).toEqual([...RUNNING_SERVICES]);
  });
  it('accepts an explicit list of known services only', () => {
    expect(parseEnv(WorkerEnvSchema, { EXPORT_SERVICES: 'identity, catalog' }).EXPORT_SERVICES).toEqual(['identity', 'catalog']);
    expect(() => parseEnv(WorkerEnvSchema, { EXPORT_SERVICES: 'identity,nope' })).toThrow(/EXPORT_SERVICES/);
  });
  it('takes an SMTP URL and a sender, and names a URL that is not SMTP', () => {
    const defaults = parseEnv(WorkerEnvSchema, {});
    expect(defaults.SMTP_URL).toBeUndefined();
    expect(defaults.MAIL_FROM).toBe('Learning Platform <no-reply@learning-platform.local>');
    expect(parseEnv(WorkerEnvSchema, { SMTP_URL: '' }).SMTP_URL).toBeUndefined();
    expect(
      parseEnv(WorkerEnvSchema, { SMTP_URL: 'smtp://u:p@mail.example.com:587', MAIL_FROM: 'LearnHub <hello@example.com>' }),
    ).toMatchObject({ SMTP_URL: 'smtp://u:p@mail.example.com:587', MAIL_FROM: 'LearnHub <hello@example.com>' });
    expect(() => parseEnv(WorkerEnvSchema, { SMTP_URL: 'mail.example.com:587' })).toThrow(/SMTP_URL/);
  });
  it('takes a VAPID key pair as web-push makes it, and names keys that are not one', () => {
    const keys = webpush.generateVAPIDKeys();
    expect(parseEnv(WorkerEnvSchema, { VAPID_PUBLIC_KEY: keys.publicKey, VAPID_PRIVATE_KEY: keys.privateKey })).toMatchObject({
      VAPID_PUBLIC_KEY: keys.publicKey,
      VAPID_PRIVATE_KEY: keys.privateKey,
      VAPID_SUBJECT: 'mailto:no-reply@learning-platform.local',
    });
    expect(parseEnv(WorkerEnvSchema, { VAPID_PUBLIC_KEY: '', VAPID_PRIVATE_KEY: '' }).VAPID_PUBLIC_KEY).toBeUndefined();
    expect(() => parseEnv(WorkerEnvSchema, { VAPID_PUBLIC_KEY: 'REPLACE-ME-vapid-public-key-base64url' })).toThrow(/VAPID_PUBLIC_KEY/);
    expect(() => parseEnv(WorkerEnvSchema, { VAPID_PRIVATE_KEY: keys.publicKey })).toThrow(/VAPID_PRIVATE_KEY/);
    expect(() => parseEnv(WorkerEnvSchema, { VAPID_SUBJECT: 'http://example.com' })).toThrow(/VAPID_SUBJECT/);
  });
});
