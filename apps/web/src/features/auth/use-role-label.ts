import { RoleSchema } from '@lp/contracts';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

/** The translated name of a role; portal roles arrive as free strings, so unknown ones are shown as sent. */
export function useRoleLabel(): (role: string) => string {
  const { t } = useTranslation();
  return useCallback(
    (role: string) => {
      const parsed = RoleSchema.safeParse(role);
      return parsed.success ? t(`roles.${parsed.data}`) : role;
    },
    [t],
  );
}
