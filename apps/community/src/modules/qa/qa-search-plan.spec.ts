import { describe, expect, it } from '@jest/globals';
import { searchSteps } from './qa-search-plan.js';

describe('how a Q&A search term is looked for', () => {
  it('lists newest first without a term (nothing to search), blanks included', () => {
    expect(searchSteps(undefined)).toEqual([]);
    expect(searchSteps('')).toEqual([]);
    expect(searchSteps('   ')).toEqual([]);
  });

  it('tries ranked full-text search first, then trigram on the lower-cased term', () => {
    expect(searchSteps('  Binary Trees ')).toEqual([
      { kind: 'full_text', term: 'Binary Trees' },
      { kind: 'trigram', term: 'binary trees' },
    ]);
  });

  it('sends a term shorter than three characters to trigram alone', () => {
    expect(searchSteps('Go')).toEqual([{ kind: 'trigram', term: 'go' }]);
    expect(searchSteps('SQL').map((s) => s.kind)).toEqual(['full_text', 'trigram']);
  });
});
