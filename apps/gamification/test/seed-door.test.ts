import { describe, expect, it } from '@jest/globals';
import { GamificationModule } from '../src/app.module.js';

// The demo-data handlers (seed XP, rebuild the boards for benchmark (i)) are a development door:
// production does not even construct them, so their bus subjects have no responder there. They
// are bus-internal subjects, never mapped to an HTTP route, so no caller outside the bus reaches them.
describe("gamification's demo-data door", () => {
  it('is constructed in development and tests only', () => {
    const names = (NODE_ENV: string) => (GamificationModule.create({ NODE_ENV }).providers ?? []).map((p) => (p as { name: string }).name);
    expect({ production: names('production'), development: names('development'), test: names('test') }).toEqual({
      production: [],
      development: ['SeedHandlers'],
      test: ['SeedHandlers'],
    });
  });
});
