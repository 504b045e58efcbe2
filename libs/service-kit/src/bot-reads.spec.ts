import { randomUUID } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import { BotReadRequest } from '@lp/contracts';
import { asBotReader } from './bot-reads.js';
import { currentCaller } from '@lp/bus';

describe("a Telegram bot's read", () => {
  it("runs as the named user with a learner's view, whatever role a request claims", async () => {
    const userId = randomUUID();
    // a bot whose credentials were stolen can name a user, not an admin's view: the role is not in the request
    const req = BotReadRequest.parse({ user_id: userId, role: 'admin' });
    expect(req).toEqual({ user_id: userId });
    const caller = await asBotReader(req, async () => currentCaller());
    expect(caller).toMatchObject({ userId, role: 'learner', institutionId: null });
  });
});
