// The development VAPID key pair (browser Web Push, docs/operations.md "Web Push keys"):
// made once and kept in .data/vapid-keys.json (mode 0600) beside the stack's other generated
// state. Kept, not made per run as the caller-signing pair is: a browser's subscription is
// bound to the public key it subscribed with, and a new pair would silence every browser.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
export const vapidKeysFile = join(root, '.data', 'vapid-keys.json');

/** { publicKey, privateKey } from the file, made first when it is missing or unreadable. */
export async function developmentVapidKeys(file = vapidKeysFile) {
  if (existsSync(file)) {
    try {
      const kept = JSON.parse(readFileSync(file, 'utf8'));
      if (typeof kept.publicKey === 'string' && typeof kept.privateKey === 'string') return kept;
    } catch {
      /* unreadable: made again below */
    }
  }
  // imported here: start.mjs imports only built-ins before dependencies are installed
  const { default: webpush } = await import('web-push');
  const keys = webpush.generateVAPIDKeys();
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, JSON.stringify(keys, null, 2) + '\n', { mode: 0o600 });
  return keys;
}
