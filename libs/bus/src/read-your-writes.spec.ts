import { describe, expect, it, jest } from '@jest/globals';
import { pino } from 'pino';
import { confirmWithOwner } from './read-your-writes.js';

const log = pino({ level: 'silent' });

describe('confirmWithOwner (read your own writes)', () => {
  it('answers from the read model without asking the owner when it knows', async () => {
    const owner = jest.fn(async () => 'owner');
    expect(await confirmWithOwner({ what: 'x', local: async () => 'local', owner, log })).toBe('local');
    expect(owner).not.toHaveBeenCalled();
  });

  it('asks the owner on a miss, and keeps a confirmed fact', async () => {
    const remember = jest.fn(async (_f: string) => undefined);
    expect(await confirmWithOwner({ what: 'x', local: async () => null, owner: async () => 'fresh', remember, log })).toBe('fresh');
    expect(remember).toHaveBeenCalledWith('fresh');
  });

  it('refuses when the owner says no, and keeps nothing', async () => {
    const remember = jest.fn(async (_f: string) => undefined);
    expect(await confirmWithOwner({ what: 'x', local: async () => null, owner: async () => null, remember, log })).toBeNull();
    expect(remember).not.toHaveBeenCalled();
  });

  it('refuses as the read model says when the owner does not answer (never lets in on doubt)', async () => {
    const warn = jest.fn();
    const spy = { ...log, warn } as unknown as typeof log;
    const out = await confirmWithOwner({
      what: 'x',
      local: async () => null,
      owner: async () => Promise.reject(new Error('503')),
      log: spy,
    });
    expect(out).toBeNull();
    expect(warn).toHaveBeenCalled();
  });

  it('still answers the confirmed fact when keeping it fails (the event will bring it)', async () => {
    const out = await confirmWithOwner({
      what: 'x',
      local: async () => null,
      owner: async () => 'fresh',
      remember: async () => Promise.reject(new Error('db')),
      log,
    });
    expect(out).toBe('fresh');
  });
});
