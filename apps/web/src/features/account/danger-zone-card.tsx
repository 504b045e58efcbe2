import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui';
import { DeleteAccountDialog } from './delete-account-dialog';
import { SettingsSection } from './settings-section';

export function DangerZoneCard() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <SettingsSection
      title={t('account.danger.title')}
      description={t('account.danger.description')}
      testId="account-danger-zone"
      tone="danger"
    >
      <Button variant="destructive" onClick={() => setOpen(true)} data-testid="delete-account-button">
        {t('account.danger.deleteAccount')}
      </Button>
      <DeleteAccountDialog open={open} onOpenChange={setOpen} />
    </SettingsSection>
  );
}
