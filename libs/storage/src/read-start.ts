import type { FileStore } from './local-storage.js';

/**
 * The first `bytes` of a stored file (fewer when it is shorter) and its size, reading no
 * further: an upload is checked by its start (a file type's magic bytes, a CSV's header)
 * however large it is. null when there is no such file.
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
