import type { TakerQuestion, TestSession } from '@lp/contracts';

/** Saved answers keyed by question id; the server may also key them by 0-based position. */
export function restoreAnswers(session: Pick<TestSession, 'answers'>, questions: readonly TakerQuestion[]): Record<string, string> {
  const out: Record<string, string> = {};
  questions.forEach((q, index) => {
    const value = session.answers[q.id] ?? session.answers[String(index)] ?? null;
    if (value !== null && value !== '') out[q.id] = value;
  });
  return out;
}

/** Saved flags as question ids (a flag may come back as a position or an id). */
export function restoreFlags(flagged: readonly (number | string)[], questions: readonly TakerQuestion[]): string[] {
  const ids = new Set(questions.map((q) => q.id));
  const out = new Set<string>();
  for (const f of flagged) {
    if (typeof f === 'number') {
      const q = questions[f];
      if (q) out.add(q.id);
    } else if (ids.has(f)) out.add(f);
    else if (/^\d+$/.test(f) && questions[Number(f)]) out.add(questions[Number(f)]!.id);
  }
  return questions.filter((q) => out.has(q.id)).map((q) => q.id);
}

/** The saved current question, kept inside the test. */
export function restoreCurrent(current: number, count: number): number {
  return count === 0 ? 0 : Math.min(Math.max(0, Math.trunc(current)), count - 1);
}

/** The next flagged question after `current`, wrapping round; null when nothing is flagged. */
export function nextFlagged(questions: readonly { id: string }[], flagged: ReadonlySet<string>, current: number): number | null {
  for (let step = 1; step <= questions.length; step += 1) {
    const index = (current + step) % questions.length;
    if (flagged.has(questions[index]!.id)) return index;
  }
  return null;
}
