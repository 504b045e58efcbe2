import { describe, expect, it } from '@jest/globals';
import { migratedSchemaDrift } from '@lp/service-kit';
import { entities, migrations } from '../src/data-source.js';

describe('gamification schema', () => {
  it('is, once migrated, exactly what its entities describe (the entities are the one description)', async () => {
    expect(await migratedSchemaDrift(entities, migrations)).toEqual({ up: [], down: [], unmapped: [] });
  }, 60_000);
});
