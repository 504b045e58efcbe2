import type { StudyGroupDetail } from '@lp/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { Button } from '../../../ui';
import { DeleteGroupConfirm, ManageGroupForm } from '../groups/group-dialogs';

/** Settings (the creator's): the manage form, and deleting the group. */
export function SettingsPanel({ group, onDeleted }: { group: StudyGroupDetail; onDeleted: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [deleting, setDeleting] = useState(false);
  return (
    <div className="space-y-6" data-testid="settings-panel">
      <ManageGroupForm group={group} />
      <section aria-labelledby="danger-zone" className="rounded-xl border border-red-200 bg-red-50/50 p-4">
        <h3 id="danger-zone" className="font-semibold text-red-800">
          {t('community.groups.deleteTitle')}
        </h3>
        <p className="mt-1 text-sm text-slate-700">{t('community.groups.deleteHint')}</p>
        <Button variant="destructive" className="mt-3" onClick={() => setDeleting(true)} data-testid="settings-delete-group">
          {t('community.groups.delete')}
        </Button>
      </section>
      <DeleteGroupConfirm
        group={group}
        open={deleting}
        onOpenChange={setDeleting}
        onDeleted={() => {
          onDeleted();
          void navigate('/community');
        }}
      />
    </div>
  );
}
