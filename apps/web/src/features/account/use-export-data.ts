import { identityRoutes } from '@lp/contracts';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { fetchBackgroundFile } from '../../api/client';
import { saveBlob } from '../../api/save-blob';
import { exportFileName } from './export-file-name';

/**
 * GET /users/export-data: the worker gathers the data in the background; while it does the
 * server answers 202 with the progress (shown on the button), then the file, saved under
 * the product's file name.
 */
export function useExportData() {
  const [progress, setProgress] = useState<number | null>(null);
  const mutation = useMutation({
    mutationFn: async () => {
      setProgress(0);
      try {
        const { blob } = await fetchBackgroundFile(identityRoutes.exportData, (pending) => setProgress(pending.progress));
        saveBlob(blob, exportFileName());
      } finally {
        setProgress(null);
      }
    },
  });
  return { ...mutation, progress };
}
