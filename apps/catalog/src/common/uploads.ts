import { Inject, Injectable } from '@nestjs/common';
import type { UploadedFile } from '@lp/contracts';
import type { FileStore } from '@lp/storage';
import { catalogErrors } from './catalog-errors.js';
import { isMediaOfKind, MEDIA_LABELS, type MediaKind } from './media-type.util.js';
import { FILE_STORE } from './tokens.js';

const HEAD_BYTES = 64;

async function readHead(stream: AsyncIterable<unknown> & { destroy?: () => void }, n: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let length = 0;
  try {
    for await (const chunk of stream) {
      const b = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string);
      chunks.push(b);
      length += b.length;
      if (length >= n) break;
    }
  } finally {
    stream.destroy?.();
  }
  return Buffer.concat(chunks).subarray(0, n);
}

/**
 * Uploaded files as the gateway stored them: checked for kind (by their bytes, declared
 * type and extension) and size (measured on the stored file, not trusted from the form),
 * and removed when the upload is refused for any reason.
 */
@Injectable()
export class Uploads {
  constructor(@Inject(FILE_STORE) private readonly files: FileStore) {}

  /** Answers the file's real size; throws 400/413/415 when it is empty, too large or of another kind. */
  async check(ref: UploadedFile, kind: MediaKind, limitBytes: number, label: string, path = 'file'): Promise<number> {
    let opened: Awaited<ReturnType<FileStore['open']>>;
    try {
      opened = await this.files.open(ref.storage_key);
    } catch {
      throw catalogErrors.uploadMissing(path);
    }
    const head = await readHead(opened.stream as AsyncIterable<unknown> & { destroy?: () => void }, HEAD_BYTES);
    if (opened.size === 0) throw catalogErrors.emptyFile(path);
    if (opened.size > limitBytes) throw catalogErrors.fileTooLarge(label, limitBytes, path);
    if (!isMediaOfKind(kind, head, ref.content_type, ref.filename)) throw catalogErrors.wrongFileType(MEDIA_LABELS[kind], path);
    return opened.size;
  }

  async discard(ref: UploadedFile | undefined | null): Promise<void> {
    if (ref) await this.files.remove(ref.storage_key).catch(() => undefined);
  }

  /** Runs the work that takes an upload; when it throws, the upload is removed first. */
  async keepOnlyIfAccepted<T>(ref: UploadedFile | undefined, work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (e) {
      await this.discard(ref);
      throw e;
    }
  }
}
