import { jetstreamManager, RetentionPolicy, StorageType } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/transport-node';
import { streamName } from './connection.js';

/** One file-backed stream holds every domain event; dedupe window covers relay replays. */
export async function ensureEventStream(nc: NatsConnection, prefix: string): Promise<string> {
  const jsm = await jetstreamManager(nc);
  const name = streamName(prefix);
  const config = {
    name,
    subjects: [`${prefix}events.>`],
    storage: StorageType.File,
    retention: RetentionPolicy.Limits,
    max_age: 14 * 24 * 3600 * 1_000_000_000,
    duplicate_window: 10 * 60 * 1_000_000_000,
  };
  try {
    await jsm.streams.info(name);
  } catch {
    try {
      await jsm.streams.add(config);
    } catch (e) {
      // another replica created it between our look and our add
      if (!/already in use|exists/i.test(String(e))) throw e;
    }
  }
  return name;
}
