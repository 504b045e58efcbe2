import { currentRequestId, runInContext } from '@lp/bus';
import type { BotReadRequest } from '@lp/contracts';

/**
 * Runs a route's own code for the user a Telegram bot read names (libs/contracts
 * common/bot-reads.ts), so a bot read and the route answer alike from one query. The caller
 * has no session and no institution portal: what the bot shows is the user's platform view.
 */
export function asBotReader<T>(req: BotReadRequest, run: () => Promise<T>): Promise<T> {
  return runInContext(
    {
      requestId: currentRequestId() ?? 'telegram-bot',
      caller: { userId: req.user_id, role: req.role, sessionId: 'telegram-bot', institutionId: null },
      subject: 'telegram-bot',
    },
    run,
  );
}
