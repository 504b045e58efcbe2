import { SELF_REGISTER_ROLES, type SelfRegisterRole } from '@lp/contracts';
import { useTranslation } from 'react-i18next';
import { cn, focusRing } from '../../../ui';

interface RolePickerProps {
  value: SelfRegisterRole;
  onChange: (role: SelfRegisterRole) => void;
}

export function RolePicker({ value, onChange }: RolePickerProps) {
  const { t } = useTranslation();
  return (
    <fieldset>
      <legend className="mb-2 text-sm font-medium text-slate-800">{t('auth.roleLegend')}</legend>
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
        {SELF_REGISTER_ROLES.map((role) => {
          const selected = role === value;
          return (
            <button
              key={role}
              type="button"
              aria-pressed={selected}
              data-testid={`role-${role}`}
              onClick={() => onChange(role)}
              className={cn(
                'h-10 cursor-pointer rounded-lg border px-2 text-sm font-medium transition-colors',
                selected
                  ? 'border-primary bg-primary-soft text-primary-strong'
                  : 'border-slate-300 bg-white text-slate-700 hover:border-slate-400',
                focusRing,
              )}
            >
              {t(`roles.${role}`)}
            </button>
          );
        })}
      </div>
    </fieldset>
  );
}
