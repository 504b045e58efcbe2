import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

function slug(message: string): string {
  return message
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/**
 * Validation messages come from the contract schemas in English. They are looked
 * up in the catalog under `validation.<slug>` so another language can translate
 * them; an unknown message is shown as written.
 */
export function useValidationText(): (message: string | undefined) => string | undefined {
  const { i18n } = useTranslation();
  return useCallback(
    (message: string | undefined) => {
      if (!message) return undefined;
      for (const lng of i18n.languages) {
        const translated: unknown = i18n.getResource(lng, 'translation', `validation.${slug(message)}`);
        if (typeof translated === 'string') return translated;
      }
      return message;
    },
    [i18n],
  );
}
