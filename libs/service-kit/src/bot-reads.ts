import { currentRequestId, runInContext } from '@lp/bus';
import type { BotReadRequest } from '@lp/contracts';

/**
 * Runs a route's own code for the user a Telegram bot read names (libs/contracts
 * common/bot-reads.ts), so a bot read and the route answer alike from one query. The caller
 * has no session and no institution portal: what the bot shows is the user's platform view,
 * as a learner sees it. The bot's NATS credentials are the boundary of whose data it reads; the
 * role is not the bot's to say, so none above the least is ever assumed.
 */
export function asBotReader<T>(req: BotReadRequest, run: () => Promise<T>): Promise<T> {
  return runInContext(
    {
      requestId: currentRequestId() ?? 'telegram-bot',
      caller: { userId: req.user_id, role: 'learner', sessionId: 'telegram-bot', institutionId: null },
      subject: 'telegram-bot',
    },
    run,
  );
}
