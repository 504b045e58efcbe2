import type { Logger } from 'pino';

/**
 * Read your own writes across services. A read model may lag behind its owner by
 * milliseconds (the event is on its way); a user's decision may not: a learner who has just
 * enrolled must not be told to enroll. So a fact that DECIDES ACCESS is read from the local
 * read model first and, only on a miss, asked of the owning service over request-reply
 * before refusing. The owner's "yes" may be remembered in the read model (idempotently: the
 * event brings the same fact later); its "no", or an owner that does not answer, leaves the
 * refusal as the read model said (logged). Facts that only inform (names, figures) never
 * pay for this: they may lag.
 */
export interface ConfirmOptions<T> {
  /** what is being confirmed, for the log */
  what: string;
  /** the read model's answer; null when it does not know (yet) */
  local: () => Promise<T | null>;
  /** the owner's answer; null when the owner says there is no such fact */
  owner: () => Promise<T | null>;
  /** keeps a confirmed fact in the read model; must be idempotent with the event's write */
  remember?: (fact: T) => Promise<void>;
  log: Logger;
}

export async function confirmWithOwner<T>(o: ConfirmOptions<T>): Promise<T | null> {
  const here = await o.local();
  if (here !== null) return here;
  let there: T | null;
  try {
    there = await o.owner();
  } catch (e) {
    o.log.warn({ err: e, what: o.what }, 'the owner could not confirm a fact the read model lacks; refusing as the read model says');
    return null;
  }
  if (there !== null && o.remember) {
    await o
      .remember(there)
      .catch((e: unknown) => o.log.warn({ err: e, what: o.what }, 'could not keep a confirmed fact; the event will bring it'));
  }
  return there;
}
