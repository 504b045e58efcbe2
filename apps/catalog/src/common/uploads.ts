import { Inject, Injectable } from '@nestjs/common';
import type { UploadedFile } from '@lp/contracts';
import { readStart, type FileStore } from '@lp/storage';
import { catalogErrors } from './catalog-errors.js';
import { isMediaOfKind, MEDIA_LABELS, type MediaKind } from './media-type.util.js';
import { FILE_STORE } from './tokens.js';

const HEAD_BYTES = 64;

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
    const opened = await readStart(this.files, ref.storage_key, HEAD_BYTES);
    if (!opened) throw catalogErrors.uploadMissing(path);
    const { head } = opened;
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
