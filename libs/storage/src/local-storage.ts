import { createReadStream, type ReadStream } from 'node:fs';
import { mkdir, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import { randomUUID } from 'node:crypto';

/**
 * Files on local disk (the default); a key is a relative path like
 * `exports/<user>/<id>.json`. An S3-compatible store implements the same interface.
 */
export interface FileStore {
  put(key: string, data: Buffer | string): Promise<{ key: string; size: number }>;
  open(key: string): Promise<{ stream: ReadStream | NodeJS.ReadableStream; size: number }>;
  exists(key: string): Promise<boolean>;
  remove(key: string): Promise<void>;
}

const KEY_RE = /^[A-Za-z0-9][A-Za-z0-9._-]*(\/[A-Za-z0-9][A-Za-z0-9._-]*)*$/;

export class LocalFileStore implements FileStore {
  private readonly root: string;
  constructor(dir: string) {
    this.root = resolve(dir);
  }

  /** A new unique key under a folder, keeping the extension. */
  static newKey(folder: string, ext: string): string {
    return `${folder}/${randomUUID()}${ext.startsWith('.') ? ext : `.${ext}`}`;
  }

  private path(key: string): string {
    if (!KEY_RE.test(key) || key.includes('..')) throw new Error(`invalid storage key: ${key}`);
    const p = join(this.root, key);
    if (!p.startsWith(this.root + sep)) throw new Error(`invalid storage key: ${key}`);
    return p;
  }

  async put(key: string, data: Buffer | string): Promise<{ key: string; size: number }> {
    const p = this.path(key);
    await mkdir(dirname(p), { recursive: true });
    await writeFile(p, data);
    return { key, size: Buffer.byteLength(data) };
  }

  async open(key: string): Promise<{ stream: ReadStream; size: number }> {
    const p = this.path(key);
    const s = await stat(p);
    return { stream: createReadStream(p), size: s.size };
  }

  async exists(key: string): Promise<boolean> {
    return stat(this.path(key)).then(() => true, () => false);
  }

  async remove(key: string): Promise<void> {
    await rm(this.path(key), { force: true });
  }
}
