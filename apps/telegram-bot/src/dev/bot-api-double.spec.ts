import { describe, expect, it } from '@jest/globals';
import { networkInterfaces } from 'node:os';
import { BotApiDouble } from './bot-api-double.js';

/** The double lets whoever reaches it speak as any Telegram user: it must serve this machine only. */
describe('the Bot API double', () => {
  it('listens on loopback only: the machine’s other addresses do not reach it', async () => {
    const double = new BotApiDouble();
    const url = await double.start();
    try {
      expect(new URL(url).hostname).toBe('127.0.0.1');
      const port = new URL(url).port;
      const others = Object.values(networkInterfaces())
        .flat()
        .filter((a) => a && a.family === 'IPv4' && !a.internal)
        .map((a) => a!.address);
      for (const address of others)
        await expect(fetch(`http://${address}:${port}/`, { signal: AbortSignal.timeout(2000) })).rejects.toThrow();
    } finally {
      await double.stop();
    }
  });
});
