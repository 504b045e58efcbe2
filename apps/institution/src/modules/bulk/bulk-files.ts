import type { Provider } from '@nestjs/common';
import { ENV } from '@lp/service-kit';
import { LocalFileStore, type FileStore } from '@lp/storage';
import type { InstitutionEnv } from '../../config/institution-env.js';

/** The shared file store the worker reads an import's file from (STORAGE_DIR). */
export const BULK_FILES = Symbol('BULK_FILES');
export const bulkFilesProvider: Provider = {
  provide: BULK_FILES,
  inject: [ENV],
  useFactory: (env: InstitutionEnv) => new LocalFileStore(env.STORAGE_DIR),
};

/**
 * The first `bytes` of a stored file (fewer when it is shorter) and its size: the rest of the
 * file is never read (an upload may be tens of megabytes). null when there is no such file.
 */
export async function readStart(files: FileStore, key: string, bytes: number): Promise<{ head: Buffer; size: number } | null> {
  let opened: Awaited<ReturnType<FileStore['open']>>;
  try {
    opened = await files.open(key);
  } catch {
    return null;
  }
  const stream = opened.stream as AsyncIterable<unknown> & { destroy?: () => void };
  const chunks: Buffer[] = [];
  let length = 0;
  try {
    for await (const chunk of stream) {
      const b = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string);
      chunks.push(b);
      length += b.length;
      if (length >= bytes) break;
    }
  } finally {
    stream.destroy?.();
  }
  return { head: Buffer.concat(chunks).subarray(0, bytes), size: opened.size };
}
