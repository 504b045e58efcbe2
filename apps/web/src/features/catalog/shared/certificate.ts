import { catalogRoutes, fillPath } from '@lp/contracts';
import { useMutation } from '@tanstack/react-query';
import { ApiError } from '../../../api/api-error';
import { saveBlob } from '../../../api/save-blob';
import { readToken } from '../../../api/token-store';
import { API_BASE } from '../../../config/product';

/** No token is stored: the spec asks the user to sign in again. */
export class MissingTokenError extends Error {
  constructor() {
    super('No stored token');
    this.name = 'MissingTokenError';
  }
}

function fileNameFrom(disposition: string | null, fallback: string): string {
  const match = disposition ? /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(disposition) : null;
  return match?.[1] ? decodeURIComponent(match[1]) : fallback;
}

/** GET /certificates/{courseId}?token=…, saved as a PDF. */
async function downloadCertificate(courseId: string): Promise<void> {
  const token = readToken();
  if (!token) throw new MissingTokenError();
  const url = `${API_BASE}${fillPath(catalogRoutes.certificate.path, { courseId })}?token=${encodeURIComponent(token)}`;
  let response: Response;
  try {
    response = await fetch(url, { headers: { Accept: 'application/pdf' } });
  } catch (cause) {
    throw ApiError.network(cause);
  }
  if (!response.ok) {
    const body: unknown = await response.json().catch(() => undefined);
    throw ApiError.fromResponse(response.status, body);
  }
  const blob = await response.blob();
  saveBlob(blob, fileNameFrom(response.headers.get('Content-Disposition'), `certificate-${courseId}.pdf`));
}

export function useDownloadCertificate() {
  return useMutation({ mutationFn: downloadCertificate });
}
