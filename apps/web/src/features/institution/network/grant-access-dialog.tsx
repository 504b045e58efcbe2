import {
  ACCESS_LEVELS,
  GrantSubsidiaryAccessRequest,
  identityRoutes,
  institutionRoutes,
  PORTAL_ROLES,
  type AccessLevel,
  type Institution,
  type PortalRole,
} from '@lp/contracts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldErrorsOf } from '../../../api/field-errors';
import { useRouteMutation } from '../../../api/route-hooks';
import { useValidationText } from '../../../i18n/validation-text';
import {
  Button,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  FormField,
  Input,
  Select,
  useToast,
} from '../../../ui';
import { FailedAlert, issuesByField } from './parts';

const FIELDS = ['institution_id', 'user_email', 'role', 'access_level', 'permissions'] as const;

interface GrantFormValues {
  user_email: string;
  role: PortalRole;
  access_level: AccessLevel;
  institution_id: string;
}

/** Spec 2 "grant portal access" modal: POST /auth/grant-subsidiary-access. */
export function GrantAccessDialog({
  institution,
  targets,
  open,
  onClose,
}: {
  institution: Institution;
  /** the subsidiaries access may also be granted to */
  targets: readonly { id: string; name: string }[];
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onOpenChange={(next) => !next && onClose()}>
      <DialogContent data-testid="grant-access-dialog">
        <DialogHeader>
          <DialogTitle>{t('institutionNetwork.portal.form.title')}</DialogTitle>
          <DialogDescription>{t('institutionNetwork.portal.form.description')}</DialogDescription>
        </DialogHeader>
        {open && <GrantForm institution={institution} targets={targets} onDone={onClose} />}
      </DialogContent>
    </Dialog>
  );
}

function GrantForm({
  institution,
  targets,
  onDone,
}: {
  institution: Institution;
  targets: readonly { id: string; name: string }[];
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const { toast } = useToast();
  const vt = useValidationText();
  const [values, setValues] = useState<GrantFormValues>({
    user_email: '',
    role: 'learner',
    access_level: 'standard',
    institution_id: institution.id,
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const grant = useRouteMutation(identityRoutes.grantSubsidiaryAccess, {
    invalidates: [institutionRoutes.portalAccess, institutionRoutes.listMembers],
  });
  const set = <K extends keyof GrantFormValues>(key: K, value: GrantFormValues[K]) => setValues((v) => ({ ...v, [key]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (values.user_email.trim() === '') {
      setErrors({ user_email: t('institutionNetwork.portal.form.emailRequired') });
      return;
    }
    const checked = GrantSubsidiaryAccessRequest.safeParse({ ...values, user_email: values.user_email.trim(), permissions: [] });
    if (!checked.success) {
      setErrors(issuesByField(checked.error.issues));
      return;
    }
    setErrors({});
    grant.mutate(
      { body: checked.data },
      {
        onSuccess: (reply) => {
          toast({ title: t('institutionNetwork.portal.form.granted'), description: reply.message, tone: 'success' });
          onDone();
        },
        onError: (error) => setErrors(fieldErrorsOf(error, FIELDS).byField),
      },
    );
  };
  const err = (field: string) => vt(errors[field]);

  return (
    <form onSubmit={submit} noValidate className="space-y-4" data-testid="grant-access-form">
      <FormField label={t('institutionNetwork.portal.form.email')} error={err('user_email')}>
        {(field) => (
          <Input
            {...field}
            type="email"
            value={values.user_email}
            onChange={(e) => set('user_email', e.target.value)}
            maxLength={254}
            required
            autoComplete="off"
            data-testid="grant-email-input"
          />
        )}
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label={t('institutionNetwork.portal.form.role')} error={err('role')}>
          {(field) => (
            <Select
              {...field}
              value={values.role}
              onChange={(e) => set('role', e.target.value as PortalRole)}
              data-testid="grant-role-input"
            >
              {PORTAL_ROLES.map((role) => (
                <option key={role} value={role}>
                  {t(`institutionNetwork.portal.roles.${role}`)}
                </option>
              ))}
            </Select>
          )}
        </FormField>
        <FormField label={t('institutionNetwork.portal.form.access')} error={err('access_level')}>
          {(field) => (
            <Select
              {...field}
              value={values.access_level}
              onChange={(e) => set('access_level', e.target.value as AccessLevel)}
              data-testid="grant-access-level-input"
            >
              {ACCESS_LEVELS.map((level) => (
                <option key={level} value={level}>
                  {t(`institutionNetwork.portal.levels.${level}`)}
                </option>
              ))}
            </Select>
          )}
        </FormField>
      </div>
      <FormField label={t('institutionNetwork.portal.form.target')} error={err('institution_id')}>
        {(field) => (
          <Select
            {...field}
            value={values.institution_id}
            onChange={(e) => set('institution_id', e.target.value)}
            data-testid="grant-institution-input"
          >
            <option value={institution.id}>{t('institutionNetwork.portal.form.thisInstitution', { name: institution.name })}</option>
            {targets.map((target) => (
              <option key={target.id} value={target.id}>
                {target.name}
              </option>
            ))}
          </Select>
        )}
      </FormField>
      {grant.isError && <FailedAlert title={t('institutionNetwork.portal.form.failed')} error={grant.error} testId="grant-error" />}
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone}>
          {t('institutionNetwork.cancel')}
        </Button>
        <Button type="submit" loading={grant.isPending} data-testid="grant-submit">
          {t('institutionNetwork.portal.form.submit')}
        </Button>
      </DialogFooter>
    </form>
  );
}
