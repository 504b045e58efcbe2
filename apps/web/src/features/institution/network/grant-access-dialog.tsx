import { ACCESS_LEVELS, identityRoutes, institutionRoutes, PORTAL_ROLES, type Institution } from '@lp/contracts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouteMutation } from '../../../api/route-hooks';
import { FormField, Input, Select, useToast } from '../../../ui';
import { FormDialog, useContractForm } from '../../../ui/form';
import { grantFormSchema } from './logic';

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
  if (!open) return null;
  return <GrantForm institution={institution} targets={targets} onClose={onClose} />;
}

function GrantForm({
  institution,
  targets,
  onClose,
}: {
  institution: Institution;
  targets: readonly { id: string; name: string }[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { toast } = useToast();
  const schema = useMemo(() => grantFormSchema(t('institutionNetwork.portal.form.emailRequired')), [t]);
  const form = useContractForm(schema, {
    defaultValues: { user_email: '', role: 'learner', access_level: 'standard', institution_id: institution.id },
  });
  const grant = useRouteMutation(identityRoutes.grantSubsidiaryAccess, {
    invalidates: [institutionRoutes.portalAccess, institutionRoutes.listMembers],
  });

  const submit = form.submit((body) =>
    grant.mutate(
      { body },
      {
        onSuccess: (reply) => {
          toast({ title: t('institutionNetwork.portal.form.granted'), description: reply.message, tone: 'success' });
          onClose();
        },
        onError: form.applyServerError,
      },
    ),
  );

  return (
    <FormDialog
      onClose={onClose}
      title={t('institutionNetwork.portal.form.title')}
      description={t('institutionNetwork.portal.form.description')}
      onSubmit={submit}
      submitLabel={t('institutionNetwork.portal.form.submit')}
      cancelLabel={t('institutionNetwork.cancel')}
      pending={grant.isPending}
      failed={grant.isError}
      errorTitle={t('institutionNetwork.portal.form.failed')}
      error={form.formError}
      testId="grant-access-dialog"
      formTestId="grant-access-form"
      errorTestId="grant-error"
      submitTestId="grant-submit"
    >
      <FormField label={t('institutionNetwork.portal.form.email')} error={form.errorText('user_email')}>
        {(field) => (
          <Input
            {...field}
            {...form.register('user_email')}
            type="email"
            maxLength={254}
            required
            autoComplete="off"
            data-testid="grant-email-input"
          />
        )}
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label={t('institutionNetwork.portal.form.role')} error={form.errorText('role')}>
          {(field) => (
            <Select {...field} {...form.register('role')} data-testid="grant-role-input">
              {PORTAL_ROLES.map((role) => (
                <option key={role} value={role}>
                  {t(`institutionNetwork.portal.roles.${role}`)}
                </option>
              ))}
            </Select>
          )}
        </FormField>
        <FormField label={t('institutionNetwork.portal.form.access')} error={form.errorText('access_level')}>
          {(field) => (
            <Select {...field} {...form.register('access_level')} data-testid="grant-access-level-input">
              {ACCESS_LEVELS.map((level) => (
                <option key={level} value={level}>
                  {t(`institutionNetwork.portal.levels.${level}`)}
                </option>
              ))}
            </Select>
          )}
        </FormField>
      </div>
      <FormField label={t('institutionNetwork.portal.form.target')} error={form.errorText('institution_id')}>
        {(field) => (
          <Select {...field} {...form.register('institution_id')} data-testid="grant-institution-input">
            <option value={institution.id}>{t('institutionNetwork.portal.form.thisInstitution', { name: institution.name })}</option>
            {targets.map((target) => (
              <option key={target.id} value={target.id}>
                {target.name}
              </option>
            ))}
          </Select>
        )}
      </FormField>
    </FormDialog>
  );
}
