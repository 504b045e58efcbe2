import { createReadStream, createWriteStream, type ReadStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { randomUUID } from 'node:crypto';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/**
 * Files on local disk (the default); a key is a relative path like
 * `exports/<user>/<id>.json`. An S3-compatible store implements the same interface.
 */
export interface FileStore {
  put(key: string, data: Buffer | string): Promise<{ key: string; size: number }>;
  /** Writes a stream as it arrives (an upload is never held in memory whole). */
  putStream(key: string, data: NodeJS.ReadableStream): Promise<{ key: string; size: number }>;
  open(key: string): Promise<{ stream: ReadStream | NodeJS.ReadableStream; size: number }>;
  exists(key: string): Promise<boolean>;
  remove(key: string): Promise<void>;
  /**
   * Moves a file to another key (replacing a file there), without copying its bytes where the
   * store can (one disk: a rename). The file is at `to` afterwards and no longer at `from`.
   */
  move(from: string, to: string): Promise<void>;
  /** Removes every file under `folder` last written before `before`; answers how many. */
  removeOlderThan(folder: string, before: Date): Promise<number>;
}

const KEY_RE = /^[A-Za-z0-9][A-Za-z0-9._-]*(\/[A-Za-z0-9][A-Za-z0-9._-]*)*$/;

export const assertStorageKey = (key: string): void => {
  if (!KEY_RE.test(key) || key.includes('..')) throw new Error(`invalid storage key: ${key}`);
};

/** A new unique key under a folder, keeping the extension. */
export const newStorageKey = (folder: string, ext: string): string => `${folder}/${randomUUID()}${ext.startsWith('.') ? ext : `.${ext}`}`;

export class LocalFileStore implements FileStore {
  private readonly root: string;
  constructor(dir: string) {
    this.root = resolve(dir);
  }

  static newKey = newStorageKey;

  private path(key: string): string {
    assertStorageKey(key);
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

  async putStream(key: string, data: NodeJS.ReadableStream): Promise<{ key: string; size: number }> {
    const p = this.path(key);
    await mkdir(dirname(p), { recursive: true });
    let size = 0;
    const counter = new Transform({
      transform(chunk: Buffer, _enc, done) {
        size += chunk.length;
        done(null, chunk);
      },
    });
    try {
      await pipeline(data, counter, createWriteStream(p));
    } catch (e) {
      await rm(p, { force: true });
      throw e;
    }
    return { key, size };
  }

  async open(key: string): Promise<{ stream: ReadStream; size: number }> {
    const p = this.path(key);
    const s = await stat(p);
    return { stream: createReadStream(p), size: s.size };
  }

  async exists(key: string): Promise<boolean> {
    return stat(this.path(key)).then(
      () => true,
      () => false,
    );
  }

  async remove(key: string): Promise<void> {
    await rm(this.path(key), { force: true });
  }

  async move(from: string, to: string): Promise<void> {
    const source = this.path(from);
    const target = this.path(to);
    await mkdir(dirname(target), { recursive: true });
    // the same root, so the same disk: a rename, whatever the file's size
    await rename(source, target);
  }

  async removeOlderThan(folder: string, before: Date): Promise<number> {
    const dir = this.path(folder);
    const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
    let removed = 0;
    for (const entry of entries) {
      if (!entry.isFile()) continue;
      const p = join(entry.parentPath, entry.name);
      const s = await stat(p).catch(() => null);
      if (!s || s.mtime >= before) continue;
      await rm(p, { force: true });
      removed++;
    }
    return removed;
  }

  /** The key of a path under the root (for logs and tests). */
  keyOf(path: string): string {
    return relative(this.root, path).split(sep).join('/');
  }
}

/** Files in memory, with the same key rules: for unit tests of code that stores files. */
export class MemoryFileStore implements FileStore {
  readonly files = new Map<string, { data: Buffer; writtenAt: Date }>();
  puts = 0;
  constructor(private readonly now: () => Date = () => new Date()) {}

  async put(key: string, data: Buffer | string): Promise<{ key: string; size: number }> {
    assertStorageKey(key);
    this.puts++;
    const buf = Buffer.from(data);
    this.files.set(key, { data: buf, writtenAt: this.now() });
    return { key, size: buf.length };
  }

  async putStream(key: string, data: NodeJS.ReadableStream): Promise<{ key: string; size: number }> {
    const chunks: Buffer[] = [];
    for await (const chunk of data) chunks.push(Buffer.from(chunk as Buffer));
    return this.put(key, Buffer.concat(chunks));
  }

  async open(key: string): Promise<{ stream: NodeJS.ReadableStream; size: number }> {
    const file = this.files.get(key);
    if (!file) throw new Error(`no file ${key}`);
    return { stream: Readable.from([file.data]), size: file.data.length };
  }

  text(key: string): string | undefined {
    return this.files.get(key)?.data.toString();
  }

  async exists(key: string): Promise<boolean> {
    return this.files.has(key);
  }

  async remove(key: string): Promise<void> {
    this.files.delete(key);
  }

  async move(from: string, to: string): Promise<void> {
    assertStorageKey(to);
    const file = this.files.get(from);
    if (!file) throw new Error(`no file ${from}`);
    this.files.delete(from);
    this.files.set(to, file);
  }

  async removeOlderThan(folder: string, before: Date): Promise<number> {
    let removed = 0;
    for (const [key, file] of this.files) {
      if (key.startsWith(`${folder}/`) && file.writtenAt < before) {
        this.files.delete(key);
        removed++;
      }
    }
    return removed;
  }
}
