import { describe, expect, it } from '@jest/globals';
import { GamificationModule } from '../../app.module.js';
import { SeedHandlers } from './seed.handlers.js';

/** XP awarded by hand (backdated, for the demo) is demo data's business only: production never builds the handler. */
describe("gamification's demo-data handlers", () => {
  it('are not even constructed in production', () => {
    expect(GamificationModule.create({ NODE_ENV: 'production' }).providers ?? []).not.toContain(SeedHandlers);
    expect(GamificationModule.create({ NODE_ENV: 'development' }).providers).toContain(SeedHandlers);
    expect(GamificationModule.create({ NODE_ENV: 'test' }).providers).toContain(SeedHandlers);
  });
});
