import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { LocalFileStore, MemoryFileStore } from './local-storage.js';
import { readStart } from './read-start.js';

describe('readStart', () => {
  it('answers the first bytes and the whole size of a file on disk, without reading it all', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'lp-start-'));
    try {
      const store = new LocalFileStore(dir);
      // larger than a read stream's first chunk (64 KiB): only the start is read
      await store.put('uploads/big.csv', `email,name\n${'x'.repeat(300_000)}`);
      const start = await readStart(store, 'uploads/big.csv', 10);
      expect(start?.head.toString()).toBe('email,name');
      expect(start?.size).toBe(300_011);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('answers a short file whole, and null for a missing one', async () => {
    const store = new MemoryFileStore();
    await store.put('uploads/short.csv', 'email');
    expect(await readStart(store, 'uploads/short.csv', 4096)).toEqual({ head: Buffer.from('email'), size: 5 });
    expect(await readStart(store, 'uploads/none.csv', 10)).toBeNull();
  });
});
