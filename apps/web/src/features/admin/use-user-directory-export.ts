import { identityRoutes } from '@lp/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callRoute } from '../../api/client';
import { useDetailOrMessage } from '../../api/error-text';
import { saveBlob } from '../../api/save-blob';
import { useToast } from '../../ui';
import { EXPORT_PAGE_SIZE, userDirectoryCsv, userDirectoryFileName } from './user-directory-csv';

type AdminUser = Awaited<ReturnType<typeof callRoute<typeof identityRoutes.adminListUsers>>>['users'][number];

/** Export Data: every account, fetched page by page (the progress shown), then one CSV download. */
export function useUserDirectoryExport() {
  const { t } = useTranslation();
  const { toast } = useToast();
  const detailOrMessage = useDetailOrMessage();
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);

  const start = async () => {
    setProgress({ done: 0, total: 0 });
    try {
      const users: AdminUser[] = [];
      let total = Infinity;
      while (users.length < total) {
        const page = await callRoute(identityRoutes.adminListUsers, { query: { limit: EXPORT_PAGE_SIZE, offset: users.length } });
        total = page.total;
        users.push(...page.users);
        setProgress({ done: users.length, total });
        if (page.users.length === 0) break; // accounts deleted meanwhile: what there is
      }
      saveBlob(new Blob([userDirectoryCsv(users)], { type: 'text/csv;charset=utf-8' }), userDirectoryFileName(new Date()));
      toast({ title: t('adminDashboard.quickActions.exported', { count: users.length }), tone: 'success' });
    } catch (error) {
      toast({ title: t('adminDashboard.quickActions.exportFailed', { detail: detailOrMessage(error) }), tone: 'error' });
    } finally {
      setProgress(null);
    }
  };

  return { start: () => void start(), running: progress !== null, progress };
}
