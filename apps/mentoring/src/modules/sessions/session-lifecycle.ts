import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { mentoringEvents } from '@lp/contracts';
import { writeEvent } from '@lp/bus';
import { Clock, ENV, UnitOfWork } from '@lp/service-kit';
import type { MentoringEnv } from '../../config/mentoring-env.js';
import type { SessionEntity } from '../../entities/session.entity.js';
import { MentorProfilesRepository } from '../mentors/mentor-profiles.repository.js';
import { eventFields } from './session.mapper.js';
import { SessionsRepository } from './sessions.repository.js';

/**
 * The moves of a session's life that several paths share (the booking, billing's events, the
 * scheduled job, people's requests), each a conditional update that happens once, with its
 * event in the same transaction.
 */
@Injectable()
export class SessionLifecycle {
  constructor(
    @Inject(SessionsRepository) private readonly sessions: SessionsRepository,
    @Inject(MentorProfilesRepository) private readonly profiles: MentorProfilesRepository,
    @Inject(UnitOfWork) private readonly uow: UnitOfWork,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(ENV) private readonly env: MentoringEnv,
  ) {}

  /** The session's own Jitsi Meet room (an unguessable name: the session id). */
  meetingLink(sessionId: string): string {
    return `${this.env.MEETING_BASE_URL.replace(/\/$/, '')}/learnhub-${sessionId}`;
  }

  /** scheduled -> confirmed with its payment and meeting link; null when it was not waiting (already confirmed, cancelled). */
  async confirm(tx: EntityManager, id: string, paymentId: string | null): Promise<SessionEntity | null> {
    const now = this.clock.now();
    const s = await this.sessions.transition(tx, id, ['scheduled'], {
      status: 'confirmed',
      ...(paymentId ? { paymentId } : {}),
      meetingLink: this.meetingLink(id),
      confirmedAt: now,
      holdExpiresAt: null,
    });
    if (s) {
      await writeEvent(tx, mentoringEvents.sessionConfirmed, {
        ...eventFields(s),
        payment_id: s.paymentId ?? s.id,
        meeting_link: s.meetingLink!,
        confirmed_at: now.toISOString(),
      });
    }
    return s;
  }

  /** An unpaid booking given up by the system (its payment failed, never came, or could not start): the slot is free again. */
  async cancelUnpaid(tx: EntityManager, id: string, reason: string): Promise<SessionEntity | null> {
    const now = this.clock.now();
    const s = await this.sessions.transition(tx, id, ['scheduled'], {
      status: 'cancelled',
      cancelledBy: 'system',
      cancelReason: reason,
      cancelledAt: now,
      holdExpiresAt: null,
    });
    if (s)
      await writeEvent(tx, mentoringEvents.sessionCancelled, {
        ...eventFields(s),
        status: 'cancelled',
        cancelled_by: 'system',
        reason,
        refunded_minor: null,
        cancelled_at: now.toISOString(),
      });
    return s;
  }

  release(id: string, reason: string): Promise<SessionEntity | null> {
    return this.uow.run((tx) => this.cancelUnpaid(tx, id, reason));
  }

  /** confirmed -> completed once its end has passed; it counts among the mentor's sessions. */
  async complete(tx: EntityManager, id: string): Promise<SessionEntity | null> {
    const now = this.clock.now();
    const s = await this.sessions.transition(tx, id, ['confirmed'], { status: 'completed', completedAt: now });
    if (s) {
      await this.profiles.countSession(tx, s.mentorId);
      await writeEvent(tx, mentoringEvents.sessionCompleted, { ...eventFields(s), completed_at: now.toISOString() });
    }
    return s;
  }
}
