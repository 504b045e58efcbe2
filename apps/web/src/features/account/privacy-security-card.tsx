import { identityRoutes, type User } from '@lp/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDetailOrMessage } from '../../api/error-text';
import { useRouteMutation } from '../../api/route-hooks';
import { Badge, Button, useToast } from '../../ui';
import { ChangePasswordDialog } from './change-password-dialog';
import { SettingRow } from './setting-row';
import { SettingsSection } from './settings-section';
import { CurrentCodeDialog, TwoFactorDialog, type TwoFactorSetup } from './two-factor-dialog';
import { useExportData } from './use-export-data';

export function PrivacySecurityCard({ user }: { user: User }) {
  const { t } = useTranslation();
  const { toast } = useToast();
  const detailOrMessage = useDetailOrMessage();
  const [changingPassword, setChangingPassword] = useState(false);
  const [twoFactorSetup, setTwoFactorSetup] = useState<TwoFactorSetup | null>(null);
  // POST /users/enable-2fa: a new secret and its QR code; nothing changes until it is confirmed.
  // While two-factor is on, setting it up again takes a code of the current authenticator.
  const enable2fa = useRouteMutation(identityRoutes.enable2fa);
  const exportData = useExportData();

  const [askingCurrentCode, setAskingCurrentCode] = useState(false);
  const startTwoFactor = (currentCode?: string) =>
    enable2fa.mutate(
      { body: currentCode ? { code: currentCode } : {} },
      {
        onSuccess: (setup) => {
          setAskingCurrentCode(false);
          setTwoFactorSetup(setup);
        },
        onError: (error) => toast({ title: t('account.twoFactor.failure', { detail: detailOrMessage(error) }), tone: 'error' }),
      },
    );

  const download = () =>
    exportData.mutate(undefined, {
      onSuccess: () => toast({ title: t('account.security.downloadSuccess'), tone: 'success' }),
      onError: (error) => toast({ title: t('account.security.downloadFailure', { detail: detailOrMessage(error) }), tone: 'error' }),
    });

  return (
    <SettingsSection title={t('account.security.title')} description={t('account.security.description')} testId="account-privacy-security">
      <div className="divide-y divide-slate-200">
        <SettingRow
          title={t('account.security.passwordTitle')}
          hint={t('account.security.changePasswordHint')}
          control={
            <Button variant="outline" onClick={() => setChangingPassword(true)} data-testid="change-password-button">
              {t('account.security.changePassword')}
            </Button>
          }
        />
        <SettingRow
          title={
            <span className="inline-flex flex-wrap items-center gap-2">
              {t('account.security.twoFactorTitle')}
              {user.two_factor_enabled && <Badge tone="success">{t('account.security.twoFactorOn')}</Badge>}
            </span>
          }
          hint={t('account.security.enable2faHint')}
          control={
            <Button
              variant="outline"
              onClick={() => (user.two_factor_enabled ? setAskingCurrentCode(true) : startTwoFactor())}
              loading={enable2fa.isPending && !askingCurrentCode}
              data-testid="enable-2fa-button"
            >
              {t('account.security.enable2fa')}
            </Button>
          }
        />
        <SettingRow
          title={t('account.security.dataTitle')}
          hint={t('account.security.downloadDataHint')}
          control={
            <Button variant="outline" onClick={download} loading={exportData.isPending} data-testid="download-data-button">
              {exportData.progress !== null && exportData.progress > 0
                ? t('account.security.preparingData', { progress: exportData.progress })
                : t('account.security.downloadData')}
            </Button>
          }
        />
      </div>
      <ChangePasswordDialog open={changingPassword} onOpenChange={setChangingPassword} />
      <TwoFactorDialog setup={twoFactorSetup} onClose={() => setTwoFactorSetup(null)} />
      <CurrentCodeDialog
        open={askingCurrentCode}
        onOpenChange={setAskingCurrentCode}
        onSubmit={startTwoFactor}
        pending={enable2fa.isPending}
      />
    </SettingsSection>
  );
}
