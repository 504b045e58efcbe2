import { describe, expect, it } from '@jest/globals';
import { RUNNING_SERVICES } from '@lp/contracts';
import { parseEnv } from '@lp/service-kit';
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
});
