/**
 * The chip lists of the mentor's profile (expertise areas, languages): typed one at a time or
 * comma-separated, trimmed, blanks dropped, and a chip already in the list (any case) not added twice.
 */
export function addChips(current: readonly string[], typed: string): string[] {
  const next = [...current];
  const seen = new Set(current.map((c) => c.toLowerCase()));
  for (const part of typed.split(',')) {
    const chip = part.trim().replace(/\s+/g, ' ');
    if (!chip || seen.has(chip.toLowerCase())) continue;
    seen.add(chip.toLowerCase());
    next.push(chip);
  }
  return next;
}

export function removeChip(current: readonly string[], chip: string): string[] {
  return current.filter((c) => c !== chip);
}
