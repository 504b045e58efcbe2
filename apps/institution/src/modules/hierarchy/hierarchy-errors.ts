import { AppError, InstitutionErrorCode as C, MAX_ORGANIZATIONAL_LEVEL } from '@lp/contracts';

/** The hierarchy routes' own refusals (codes in libs/contracts institution/errors.ts). */
export const hierarchyErrors = {
  /** also a parent outside the route's subtree: nothing about it leaks */
  parentNotFound: () => AppError.notFound('Parent institution not found', C.PARENT_NOT_FOUND),
  parentLevelMismatch: (level: number) =>
    AppError.rule(
      C.PARENT_LEVEL_MISMATCH,
      level === 1
        ? 'Level 1 is the top institution: a subsidiary is at level 2 or below'
        : `A level ${level} institution needs a parent at level ${level - 1}`,
    ),
  parentInsideItself: () => AppError.rule(C.PARENT_LEVEL_MISMATCH, 'An institution cannot be placed under itself or one below it'),
  levelTooDeep: () => AppError.rule(C.LEVEL_TOO_DEEP, `A hierarchy has at most ${MAX_ORGANIZATIONAL_LEVEL} levels`),
  /** the top institution's own limit; the tier's is tiers/tier-limits' TIER_LIMIT */
  subsidiaryLimit: (max: number) => AppError.rule(C.SUBSIDIARY_LIMIT, `Your institution may have at most ${max} subsidiaries`),
  /** a subsidiary id outside the route's subtree, or the route's institution itself */
  subsidiaryNotFound: () => AppError.notFound('Subsidiary not found', C.INSTITUTION_NOT_FOUND),
  /** ids that are not the route's institution's own courses or members of that type */
  resourceNotFound: (type: string) =>
    AppError.notFound(
      `Some of the selected ${type === 'faculty' ? 'faculty members' : `${type}s`} are not this institution's`,
      C.RESOURCE_NOT_FOUND,
    ),
} as const;
