/**
 * Completion of a course in %, one decimal: completed units (published lessons and
 * content items) over all of them. Exactly 100 only when every unit is done (99.95 is
 * not rounded up), never more; 0 for a course without units.
 */
export function completionPercentage(done: number, total: number): number {
  if (total <= 0) return 0;
  if (done >= total) return 100;
  return Math.min(99.9, Math.round((1000 * done) / total) / 10);
}
