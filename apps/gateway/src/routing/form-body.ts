import { extname } from 'node:path';
import type { FastifyRequest } from 'fastify';
import { AppError } from '@lp/contracts';
import { LocalFileStore, type FileStore } from '@lp/storage';

/** A file part of a multipart body, stored before the service is asked; the service gets this reference. */
export interface UploadedFileRef {
  storage_key: string;
  filename: string;
  content_type: string;
  size: number;
}

/**
 * Reads a form body: urlencoded fields (already parsed by the content-type parser)
 * or multipart fields and files. Files go to storage; only references travel on.
 */
export async function readFormBody(request: FastifyRequest, store: FileStore, uploadLimit: number): Promise<Record<string, unknown>> {
  if (!request.isMultipart()) return (request.body as Record<string, unknown> | undefined) ?? {};
  const fields: Record<string, unknown> = {};
  const stored: string[] = [];
  try {
    await readParts(request, store, uploadLimit, fields, stored);
  } catch (e) {
    await Promise.all(stored.map((key) => store.remove(key).catch(() => undefined)));
    throw e;
  }
  return fields;
}

async function readParts(
  request: FastifyRequest,
  store: FileStore,
  uploadLimit: number,
  fields: Record<string, unknown>,
  stored: string[],
): Promise<void> {
  for await (const part of request.parts({ limits: { fileSize: uploadLimit, files: 5, fields: 100 } })) {
    if (part.type === 'field') {
      fields[part.fieldname] = part.value;
      continue;
    }
    // straight to disk as it arrives: an upload is never held in memory whole
    const key = LocalFileStore.newKey('uploads', extname(part.filename).toLowerCase().slice(0, 10) || '.bin');
    stored.push(key);
    const { size } = await store.putStream(key, part.file);
    if (part.file.truncated) {
      throw new AppError(413, 'FILE_TOO_LARGE', `The file is larger than ${Math.round(uploadLimit / 1_048_576)} MB`, [
        { path: part.fieldname, message: 'File too large' },
      ]);
    }
    if (size === 0) throw AppError.validation([{ path: part.fieldname, message: 'The file is empty' }], 'The file is empty');
    const ref: UploadedFileRef = { storage_key: key, filename: part.filename, content_type: part.mimetype, size };
    fields[part.fieldname] = ref;
  }
}
