import type { SearchKind } from './qa.repository.js';
import { QA_FULL_TEXT_MIN_CHARS } from './qa-search.sql.js';

/**
 * The searches a term goes through, in order, until one finds something: ranked full-text
 * search, then trigram on the lower-cased title (a word's beginning, a stop word); a term
 * shorter than QA_FULL_TEXT_MIN_CHARS goes to trigram alone. No term: none (newest first).
 */
export function searchSteps(search: string | undefined): Array<{ kind: SearchKind; term: string }> {
  const term = search?.trim() ?? '';
  if (!term) return [];
  const trigram = { kind: 'trigram' as const, term: term.toLowerCase() };
  return term.length >= QA_FULL_TEXT_MIN_CHARS ? [{ kind: 'full_text', term }, trigram] : [trigram];
}
