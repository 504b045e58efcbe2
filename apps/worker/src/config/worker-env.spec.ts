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
});
