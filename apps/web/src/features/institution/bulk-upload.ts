import { institutionRoutes, type RouteOutput } from '@lp/contracts';
import { uploadRoute, type UploadProgress } from '../../api/upload';

/**
 * Starts a bulk import: POST /institutions/{id}/members/bulk as multipart, the chosen file as
 * it is (no base64 in a JSON body, so no 1 MiB limit: the server takes files up to
 * BULK_IMPORT_FILE_MAX_BYTES) and the course as a form field, '' for none.
 */
export function startBulkImport(
  institutionId: string,
  file: Blob,
  courseId: string,
  onProgress?: (progress: UploadProgress) => void,
): Promise<RouteOutput<typeof institutionRoutes.bulkEnroll>> {
  return uploadRoute(
    institutionRoutes.bulkEnroll,
    { params: { id: institutionId }, body: { file, course_id: courseId } },
    onProgress ? { onProgress } : {},
  );
}
