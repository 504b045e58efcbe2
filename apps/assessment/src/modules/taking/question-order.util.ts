import { randomInt } from 'node:crypto';

/** A fresh random order of question ids (Fisher-Yates), stored on a session of a randomized assessment. */
export function shuffledIds(ids: readonly string[], random: (n: number) => number = randomInt): string[] {
  const out = [...ids];
  for (let i = out.length - 1; i > 0; i--) {
    const j = random(i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/**
 * The questions in the order a session serves them. An empty stored order means the
 * author's order. Questions the author removed since the session started are dropped;
 * questions added since come last, in the author's order, so that a session never loses
 * or duplicates a question.
 */
export function servedOrder<Q extends { id: string }>(questions: readonly Q[], order: readonly string[]): Q[] {
  if (!order.length) return [...questions];
  const byId = new Map(questions.map((q) => [q.id, q]));
  const served: Q[] = [];
  for (const id of order) {
    const q = byId.get(id);
    if (q) {
      served.push(q);
      byId.delete(id);
    }
  }
  for (const q of questions) if (byId.has(q.id)) served.push(q);
  return served;
}
