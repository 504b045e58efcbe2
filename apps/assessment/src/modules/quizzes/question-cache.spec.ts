import { describe, expect, it, jest } from '@jest/globals';
import { QuestionCache } from './question-cache.js';
import type { QuestionEntity } from '../../entities/question.entity.js';

const set = (text: string) => [{ id: text, questionText: text } as QuestionEntity];

describe('QuestionCache', () => {
  it('loads once per quiz version and reloads when the version moves', async () => {
    const cache = new QuestionCache();
    const load = jest.fn(async () => set('v1'));
    await cache.get('q', 1, load);
    expect(await cache.get('q', 1, load)).toEqual(set('v1'));
    expect(load).toHaveBeenCalledTimes(1);
    expect(await cache.get('q', 2, async () => set('v2'))).toEqual(set('v2'));
    // an older snapshot still gets its own version's questions, without replacing the newer entry
    expect(await cache.get('q', 1, async () => set('old'))).toEqual(set('old'));
    const again = jest.fn(async () => set('never'));
    expect(await cache.get('q', 2, again)).toEqual(set('v2'));
    expect(again).not.toHaveBeenCalled();
  });

  it('evicts the least recently used quiz beyond its capacity', async () => {
    const cache = new QuestionCache();
    for (let i = 0; i < 100; i++) await cache.get(`q${i}`, 1, async () => set(`q${i}`));
    await cache.get('q0', 1, async () => set('reloaded')); // q0 is now the most recent
    await cache.get('q100', 1, async () => set('q100')); // evicts q1
    const q1 = jest.fn(async () => set('q1 again'));
    await cache.get('q1', 1, q1);
    expect(q1).toHaveBeenCalledTimes(1);
    const q0 = jest.fn(async () => set('q0 again'));
    await cache.get('q0', 1, q0);
    expect(q0).not.toHaveBeenCalled();
  });
});
