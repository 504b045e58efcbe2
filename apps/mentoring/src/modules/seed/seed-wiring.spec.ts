import { describe, expect, it } from '@jest/globals';
import { MentoringModule } from '../../app.module.js';
import { SeedHandlers } from './seed.handlers.js';

/** Moving a session into the past is demo data's business only: production never builds the handler. */
describe("mentoring's demo-data handlers", () => {
  it('are not even constructed in production', () => {
    expect(MentoringModule.create({ NODE_ENV: 'production' }).providers ?? []).not.toContain(SeedHandlers);
    expect(MentoringModule.create({ NODE_ENV: 'development' }).providers).toContain(SeedHandlers);
    expect(MentoringModule.create({ NODE_ENV: 'test' }).providers).toContain(SeedHandlers);
  });
});
