import { mkdtemp, rm, utimes } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { LocalFileStore } from './local-storage.js';

describe('LocalFileStore', () => {
  let dir: string;
  let store: LocalFileStore;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'lp-store-'));
    store = new LocalFileStore(dir);
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('writes a stream chunk by chunk and answers its size', async () => {
    const chunks = Array.from({ length: 64 }, (_, i) => Buffer.alloc(16_384, i));
    const { size } = await store.putStream('uploads/a.bin', Readable.from(chunks));
    expect(size).toBe(64 * 16_384);
    const opened = await store.open('uploads/a.bin');
    expect(opened.size).toBe(size);
  });

  it('leaves no partial file when the stream fails', async () => {
    const failing = new Readable({
      read() {
        this.push(Buffer.alloc(1024));
        this.destroy(new Error('client went away'));
      },
    });
    await expect(store.putStream('uploads/b.bin', failing)).rejects.toThrow('client went away');
    expect(await store.exists('uploads/b.bin')).toBe(false);
  });

  it('removes only files under the folder written before the cut-off', async () => {
    await store.put('exports/u1/old.json', '{}');
    await store.put('exports/u2/new.json', '{}');
    await store.put('certificates/old.pdf', '%PDF');
    const old = new Date(Date.now() - 3 * 24 * 3600 * 1000);
    await utimes(join(dir, 'exports/u1/old.json'), old, old);
    await utimes(join(dir, 'certificates/old.pdf'), old, old);
    expect(await store.removeOlderThan('exports', new Date(Date.now() - 24 * 3600 * 1000))).toBe(1);
    expect(await store.exists('exports/u1/old.json')).toBe(false);
    expect(await store.exists('exports/u2/new.json')).toBe(true);
    expect(await store.exists('certificates/old.pdf')).toBe(true);
    expect(await store.removeOlderThan('missing', new Date())).toBe(0);
  });

  it('refuses keys that climb out of the root', async () => {
    await expect(store.put('../x', 'a')).rejects.toThrow('invalid storage key');
  });
});
