import { identityRoutes } from '@lp/contracts';
import { useMutation } from '@tanstack/react-query';
import { fetchRouteFile } from '../../api/client';
import { saveBlob } from '../../api/save-blob';
import { exportFileName } from './export-file-name';

/** GET /users/export-data as a blob (with the bearer header), saved under the product's file name. */
export function useExportData() {
  return useMutation({
    mutationFn: async () => {
      const { blob } = await fetchRouteFile(identityRoutes.exportData);
      saveBlob(blob, exportFileName());
    },
  });
}
