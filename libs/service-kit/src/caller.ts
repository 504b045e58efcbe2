import { AppError, type Caller } from '@lp/contracts';
import type { HandlerContext } from '@lp/bus';

/** The signed-in caller of a guarded route (the kit already refuses guarded calls without one). */
export function callerOf(ctx: HandlerContext): Caller {
  if (!ctx.caller) throw AppError.unauthenticated();
  return ctx.caller;
}
