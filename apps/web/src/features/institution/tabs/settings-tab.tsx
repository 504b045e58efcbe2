import { institutionRoutes, type Institution } from '@lp/contracts';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useDetailOrMessage } from '../../../api/error-text';
import { useRouteMutation } from '../../../api/route-hooks';
import { Alert, Button, FormField, Input, Textarea, useToast } from '../../../ui';
import { useContractForm } from '../../../ui/form';
import { Block } from '../../mentor-insights';
import { canEdit, previewableUrl, settingsFormOf, settingsFormSchema } from '../logic';
import { ReadonlyNote, TabHeading } from '../parts';

// a change of the institution shows in the header, the portal branding and the subsidiaries' inherited look
const INSTITUTION_CHANGES = ['institution.institution.', 'institution.subsidiary.', 'institution.portal.'] as const;

function ColourField({
  label,
  value,
  onChange,
  error,
  testId,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
  testId: string;
}) {
  const { t } = useTranslation();
  const valid = /^#[0-9a-fA-F]{6}$/.test(value);
  return (
    <FormField label={label} error={error}>
      {(field) => (
        <div className="flex items-center gap-2">
          <input
            type="color"
            value={valid ? value.toLowerCase() : '#000000'}
            onChange={(e) => onChange(e.target.value)}
            aria-label={t('institution.settings.pickColour', { field: label })}
            className="h-10 w-12 shrink-0 cursor-pointer rounded-lg border border-slate-300 bg-white p-1 disabled:cursor-not-allowed"
            data-testid={`${testId}-picker`}
          />
          <Input
            {...field}
            value={value}
            onChange={(e) => onChange(e.target.value)}
            maxLength={7}
            placeholder="#1e40af"
            className="font-mono"
            data-testid={testId}
          />
        </div>
      )}
    </FormField>
  );
}

/**
 * Spec 3 Settings: the details and white-label form (name, contact e-mail and phone, address,
 * country, primary and secondary colours, custom text, logo URL with a preview) saved with
 * PUT /institutions/{id}, and the logo alone with POST .../logo?logo_url=. Failures say the
 * server's detail. A readonly member sees the form without its buttons.
 */
export function SettingsTab({ institution }: { institution: Institution }) {
  const { t } = useTranslation();
  const { toast } = useToast();
  const detail = useDetailOrMessage();
  const editable = canEdit(institution);
  const form = useContractForm(settingsFormSchema, { defaultValues: settingsFormOf(institution) });
  const [logoError, setLogoError] = useState<string | null>(null);
  const save = useRouteMutation(institutionRoutes.update, { invalidates: INSTITUTION_CHANGES });
  const logo = useRouteMutation(institutionRoutes.logo, { invalidates: INSTITUTION_CHANGES });
  const logoUrl = form.watch('logo_url');

  const submit = form.submit((body) =>
    save.mutate(
      { params: { id: institution.id }, body },
      {
        onSuccess: (saved) => {
          form.reset(settingsFormOf(saved));
          toast({ title: t('institution.settings.saved'), tone: 'success' });
        },
        onError: form.applyServerError,
      },
    ),
  );

  const updateLogo = () => {
    const url = logoUrl.trim();
    if (!previewableUrl(url)) {
      setLogoError(t('institution.settings.logoInvalid'));
      return;
    }
    setLogoError(null);
    logo.mutate(
      { params: { id: institution.id }, query: { logo_url: url } },
      {
        onSuccess: (saved) => {
          form.setValue('logo_url', saved.logo_url ?? '');
          toast({ title: t('institution.settings.logoUpdated'), tone: 'success' });
        },
      },
    );
  };

  const text = (
    field: 'name' | 'contact_email' | 'contact_phone' | 'address' | 'country',
    label: string,
    extra: { type?: string; maxLength: number },
  ): ReactNode => (
    <FormField label={label} error={form.errorText(field)}>
      {(control) => (
        <Input
          {...control}
          type={extra.type ?? 'text'}
          {...form.register(field)}
          maxLength={extra.maxLength}
          data-testid={`settings-${field}`}
        />
      )}
    </FormField>
  );
  const showPreview = previewableUrl(logoUrl);

  return (
    <section aria-labelledby="institution-settings-heading" className="space-y-4" data-testid="institution-settings">
      <TabHeading
        id="institution-settings-heading"
        title={t('institution.settings.heading')}
        subtitle={t('institution.settings.subtitle')}
      />
      <ReadonlyNote institution={institution} />
      <form onSubmit={submit} noValidate className="space-y-4" data-testid="settings-form">
        <fieldset disabled={!editable} className="space-y-4">
          <Block title={t('institution.settings.details')} id="institution-settings-details-heading" testId="settings-details">
            <div className="grid gap-4 sm:grid-cols-2">
              {text('name', t('institution.settings.name'), { maxLength: 200 })}
              {text('contact_email', t('institution.settings.contactEmail'), { type: 'email', maxLength: 254 })}
              {text('contact_phone', t('institution.settings.contactPhone'), { type: 'tel', maxLength: 32 })}
              {text('country', t('institution.settings.country'), { maxLength: 80 })}
            </div>
            <FormField label={t('institution.settings.address')} error={form.errorText('address')} className="mt-4">
              {(control) => <Textarea {...control} {...form.register('address')} rows={2} maxLength={300} data-testid="settings-address" />}
            </FormField>
          </Block>
          <Block title={t('institution.settings.whiteLabel')} id="institution-settings-brand-heading" testId="settings-white-label">
            <div className="grid gap-4 sm:grid-cols-2">
              <ColourField
                label={t('institution.settings.primaryColor')}
                value={form.watch('primary_color')}
                onChange={(v) => form.setValue('primary_color', v)}
                error={form.errorText('primary_color')}
                testId="settings-primary-color"
              />
              <ColourField
                label={t('institution.settings.secondaryColor')}
                value={form.watch('secondary_color')}
                onChange={(v) => form.setValue('secondary_color', v)}
                error={form.errorText('secondary_color')}
                testId="settings-secondary-color"
              />
            </div>
            <FormField
              label={t('institution.settings.customText')}
              error={form.errorText('custom_text')}
              hint={t('institution.settings.customTextHint')}
              className="mt-4"
            >
              {(control) => (
                <Textarea {...control} {...form.register('custom_text')} rows={3} maxLength={500} data-testid="settings-custom-text" />
              )}
            </FormField>
            <div className="mt-4 grid gap-4 sm:grid-cols-[1fr_auto] sm:items-start">
              <FormField
                label={t('institution.settings.logoUrl')}
                error={form.errorText('logo_url') ?? logoError ?? undefined}
                hint={t('institution.settings.logoHint')}
              >
                {(control) => (
                  <div className="flex flex-col gap-2 sm:flex-row">
                    <Input {...control} type="url" placeholder="https://" {...form.register('logo_url')} data-testid="settings-logo-url" />
                    {editable && (
                      <Button
                        type="button"
                        variant="outline"
                        onClick={updateLogo}
                        loading={logo.isPending}
                        className="shrink-0"
                        data-testid="settings-update-logo"
                      >
                        {t('institution.settings.updateLogo')}
                      </Button>
                    )}
                  </div>
                )}
              </FormField>
              <div className="flex flex-col items-center gap-1">
                <span className="text-xs text-slate-600">{t('institution.settings.preview')}</span>
                <div
                  className="flex size-20 items-center justify-center overflow-hidden rounded-xl border border-slate-200 bg-white"
                  data-testid="settings-logo-preview"
                  data-has-logo={String(showPreview)}
                >
                  {showPreview ? (
                    <img src={logoUrl.trim()} alt={t('institution.settings.previewAlt')} className="max-h-full max-w-full object-contain" />
                  ) : (
                    <span className="text-xs text-slate-500">{t('institution.settings.noLogo')}</span>
                  )}
                </div>
              </div>
            </div>
            {logo.isError && (
              <Alert tone="error" className="mt-3" data-testid="settings-logo-error">
                {t('institution.settings.logoFailed', { detail: detail(logo.error) })}
              </Alert>
            )}
          </Block>
        </fieldset>
        {save.isError && (
          <Alert tone="error" data-testid="settings-error">
            {t('institution.settings.saveFailed', { detail: detail(save.error) })}
          </Alert>
        )}
        {editable && (
          <div className="flex justify-end">
            <Button type="submit" loading={save.isPending} data-testid="settings-save">
              {t('institution.settings.save')}
            </Button>
          </div>
        )}
      </form>
    </section>
  );
}
