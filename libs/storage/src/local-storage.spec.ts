import { mkdtemp, readFile, rm, utimes } from 'node:fs/promises';
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

  it('moves a file to another key, making its folder, and replaces a file already there', async () => {
    await store.put('uploads/c.csv', 'email\nan@example.test\n');
    await store.put('imports/i1/old.csv', 'old');
    await store.move('uploads/c.csv', 'imports/i1/new.csv');
    expect(await store.exists('uploads/c.csv')).toBe(false);
    expect(await readFile(join(dir, 'imports/i1/new.csv'), 'utf8')).toBe('email\nan@example.test\n');
    await store.move('imports/i1/new.csv', 'imports/i1/old.csv');
    expect(await store.exists('imports/i1/new.csv')).toBe(false);
    expect(await readFile(join(dir, 'imports/i1/old.csv'), 'utf8')).toBe('email\nan@example.test\n');
    await expect(store.move('uploads/missing.csv', 'imports/i1/x.csv')).rejects.toThrow();
    await expect(store.move('imports/i1/old.csv', '../x.csv')).rejects.toThrow('invalid storage key');
    expect(await store.exists('imports/i1/old.csv')).toBe(true);
  });

  it('refuses keys that climb out of the root', async () => {
    await expect(store.put('../x', 'a')).rejects.toThrow('invalid storage key');
  });
});
