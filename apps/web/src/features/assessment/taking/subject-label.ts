import { QUIZ_SUBJECT_FILTERS } from '@lp/contracts';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

const KNOWN = QUIZ_SUBJECT_FILTERS as readonly string[];

/**
 * A quiz subject as people read it. Subjects are free text, but the quiz centre's subjects
 * (contracts' QUIZ_SUBJECT_FILTERS) are keys ('mathematics') that have a label ('Mathematics');
 * 'general' is what grading files questions without a subject under. Anything else is shown
 * as its author typed it.
 */
export function useSubjectLabel(): (subject: string) => string {
  const { t } = useTranslation();
  return useCallback(
    (subject: string) => {
      const key = subject.trim().toLowerCase();
      if (KNOWN.includes(key)) return t(`taking.subjects.${key as (typeof QUIZ_SUBJECT_FILTERS)[number]}`);
      if (key === 'general') return t('figures.subjects.general');
      return subject;
    },
    [t],
  );
}
