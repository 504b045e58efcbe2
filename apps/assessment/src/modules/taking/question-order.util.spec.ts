import { describe, expect, it } from '@jest/globals';
import { servedOrder, shuffledIds } from './question-order.util.js';

const q = (id: string) => ({ id });

describe('question order', () => {
  it('shuffles every id exactly once', () => {
    const ids = ['a', 'b', 'c', 'd', 'e'];
    const out = shuffledIds(ids);
    expect([...out].sort()).toEqual(ids);
    // with a fixed "random" that always picks 0 the result is deterministic
    expect(shuffledIds(['a', 'b', 'c'], () => 0)).toEqual(['b', 'c', 'a']);
  });

  it("serves the author's order without a stored order", () => {
    expect(servedOrder([q('a'), q('b')], []).map((x) => x.id)).toEqual(['a', 'b']);
  });

  it('serves the stored order, drops removed questions and appends added ones', () => {
    const served = servedOrder([q('a'), q('b'), q('c'), q('d')], ['c', 'x', 'a', 'b']);
    expect(served.map((x) => x.id)).toEqual(['c', 'a', 'b', 'd']);
  });

  it('never duplicates a question even when the stored order repeats an id', () => {
    expect(servedOrder([q('a'), q('b')], ['b', 'b', 'a']).map((x) => x.id)).toEqual(['b', 'a']);
  });
});
