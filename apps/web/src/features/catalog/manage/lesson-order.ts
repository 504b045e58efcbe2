/** The ids with the one at `from` moved to `to` (both clamped to the list); a new array. */
export function moveId(ids: readonly string[], from: number, to: number): string[] {
  const next = [...ids];
  if (from < 0 || from >= next.length) return next;
  const target = Math.max(0, Math.min(next.length - 1, to));
  const [moved] = next.splice(from, 1);
  next.splice(target, 0, moved!);
  return next;
}

export const sameOrder = (a: readonly string[], b: readonly string[]): boolean => a.length === b.length && a.every((id, i) => id === b[i]);

/** `items` put in the order of `ids`; items not named keep their place after the named ones. */
export function inOrder<T extends { id: string }>(items: readonly T[], ids: readonly string[] | null): T[] {
  if (!ids) return [...items];
  const byId = new Map(items.map((item) => [item.id, item]));
  const named = ids.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []));
  const rest = items.filter((item) => !ids.includes(item.id));
  return [...named, ...rest];
}

/** Content items grouped by their lesson (null: items of the course as a whole), each group in order. */
export function itemsByLesson<T extends { lesson_id: string | null; order: number }>(items: readonly T[]): Map<string | null, T[]> {
  const groups = new Map<string | null, T[]>();
  for (const item of items) {
    const group = groups.get(item.lesson_id) ?? [];
    group.push(item);
    groups.set(item.lesson_id, group);
  }
  for (const group of groups.values()) group.sort((a, b) => a.order - b.order);
  return groups;
}
