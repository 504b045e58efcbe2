import { describe, expect, it } from '@jest/globals';
import { JOBS } from '@lp/contracts';
import { jobRegistry } from './job-registry.js';

describe('job registry', () => {
  it('handles every job type declared in libs/contracts, each once, each on its own queue', () => {
    const declared = Object.values(JOBS);
    expect(jobRegistry.map((d) => d.type).sort((a, b) => a.name.localeCompare(b.name))).toEqual(
      [...declared].sort((a, b) => a.name.localeCompare(b.name)),
    );
    expect(new Set(declared.map((t) => t.queue)).size).toBe(declared.length);
    expect(new Set(declared.map((t) => t.name)).size).toBe(declared.length);
  });
});
