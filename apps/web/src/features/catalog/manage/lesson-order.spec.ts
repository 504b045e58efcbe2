import { describe, expect, it } from '@jest/globals';
import { inOrder, itemsByLesson, moveId, sameOrder } from './lesson-order';

describe('moveId', () => {
  it('moves one id up or down, clamping the target to the list', () => {
    expect(moveId(['a', 'b', 'c'], 2, 0)).toEqual(['c', 'a', 'b']);
    expect(moveId(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
    expect(moveId(['a', 'b', 'c'], 1, 9)).toEqual(['a', 'c', 'b']);
    expect(moveId(['a', 'b', 'c'], 1, -4)).toEqual(['b', 'a', 'c']);
    expect(moveId(['a', 'b'], 5, 0)).toEqual(['a', 'b']);
  });
});

describe('inOrder and sameOrder', () => {
  it('orders items by the ids given, keeping unnamed ones after them', () => {
    const items = [{ id: 'a' }, { id: 'b' }, { id: 'c' }];
    expect(inOrder(items, ['c', 'a']).map((i) => i.id)).toEqual(['c', 'a', 'b']);
    expect(inOrder(items, null).map((i) => i.id)).toEqual(['a', 'b', 'c']);
    expect(sameOrder(['a', 'b'], ['a', 'b'])).toBe(true);
    expect(sameOrder(['a', 'b'], ['b', 'a'])).toBe(false);
  });
});

describe('itemsByLesson', () => {
  it('groups items by lesson, each group in its order', () => {
    const groups = itemsByLesson([
      { id: '1', lesson_id: 'x', order: 1 },
      { id: '2', lesson_id: null, order: 0 },
      { id: '3', lesson_id: 'x', order: 0 },
    ]);
    expect(groups.get('x')!.map((i) => i.id)).toEqual(['3', '1']);
    expect(groups.get(null)!.map((i) => i.id)).toEqual(['2']);
    expect(groups.get('y')).toBeUndefined();
  });
});
