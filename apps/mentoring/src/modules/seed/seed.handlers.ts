import { Inject, Injectable } from '@nestjs/common';
import type { z } from 'zod';
import { mentoringInternal } from '@lp/contracts';
import { HandlesInternal } from '@lp/service-kit';
import { sessionErrors } from '../sessions/session-errors.js';
import { SessionsRepository } from '../sessions/sessions.repository.js';

type I = typeof mentoringInternal;

/** Demo data for `npm start`, over the bus (developmentOnly in app.module.ts): production cannot move a session in time. */
@Injectable()
export class SeedHandlers {
  constructor(@Inject(SessionsRepository) private readonly sessions: SessionsRepository) {}

  /** A confirmed session moved into the past, for the maintenance job to complete (the demo's session history). */
  @HandlesInternal(mentoringInternal.backdateSession)
  async backdate(req: z.infer<I['backdateSession']['request']>): Promise<z.infer<I['backdateSession']['response']>> {
    const [row] = await this.sessions.backdate(req.session_id, req.days_ago);
    if (!row) throw sessionErrors.notFound();
    return { session_id: req.session_id, scheduled_at: row.starts_at.toISOString() };
  }
}
