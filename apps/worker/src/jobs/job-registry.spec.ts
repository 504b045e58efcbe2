import { describe, expect, it } from '@jest/globals';
import { JOBS } from '@lp/contracts';
import { jobRegistry } from './job-registry.js';

describe('job registry', () => {
  it('handles every job type declared in libs/contracts, each once, each on its own queue', () => {
    const all = Object.values(JOBS);
    // the Telegram bot consumes its own (apps/telegram-bot)
    const declared = all.filter((t) => !t.consumer);
    expect(jobRegistry.map((d) => d.type).sort((a, b) => a.name.localeCompare(b.name))).toEqual(
      [...declared].sort((a, b) => a.name.localeCompare(b.name)),
    );
    expect(new Set(all.map((t) => t.queue)).size).toBe(all.length);
    expect(new Set(all.map((t) => t.name)).size).toBe(all.length);
  });
});
