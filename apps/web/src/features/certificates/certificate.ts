import { catalogRoutes } from '@lp/contracts';
import { useMutation } from '@tanstack/react-query';
import { fetchBackgroundFile } from '../../api/client';
import { saveBlob } from '../../api/save-blob';
import { readToken } from '../../api/token-store';

/** No token is stored: the spec asks the user to sign in again. */
export class MissingTokenError extends Error {
  constructor() {
    super('No stored token');
    this.name = 'MissingTokenError';
  }
}

/** GET /certificates/{courseId} with the bearer header (asked again while the PDF is made), saved as a PDF. */
async function downloadCertificate(courseId: string): Promise<void> {
  if (!readToken()) throw new MissingTokenError();
  const { blob, suggestedName } = await fetchBackgroundFile(catalogRoutes.certificate, () => undefined, { params: { courseId } });
  saveBlob(blob, suggestedName ?? `certificate-${courseId}.pdf`);
}

export function useDownloadCertificate() {
  return useMutation({ mutationFn: downloadCertificate });
}
