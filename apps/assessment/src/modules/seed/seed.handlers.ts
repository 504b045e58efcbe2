import { Inject, Injectable } from '@nestjs/common';
import type { z } from 'zod';
import { assessmentInternal } from '@lp/contracts';
import { HandlesInternal, iso } from '@lp/service-kit';
import { assessmentErrors } from '../../common/assessment-errors.js';
import { SeedRepository } from './seed.repository.js';

type I = typeof assessmentInternal;

/**
 * Demo data for `npm start`, over the bus. The seed submits its attempts a few milliseconds
 * after starting them; moving the start back first makes the server time them like a learner's
 * (time per question, fastest completion), through the normal submit and its events.
 */
@Injectable()
export class SeedHandlers {
  constructor(@Inject(SeedRepository) private readonly seed: SeedRepository) {}

  @HandlesInternal(assessmentInternal.backdateSession)
  async backdateSession(p: z.infer<I['backdateSession']['request']>): Promise<z.infer<I['backdateSession']['response']>> {
    const row = await this.seed.backdateOpenSession(p.session_id, p.seconds);
    if (!row) throw assessmentErrors.sessionNotFound();
    return { session_id: p.session_id, started_at: iso(row.started_at) };
  }
}
