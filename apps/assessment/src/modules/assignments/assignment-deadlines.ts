import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { ASSIGNMENT_DUE_NOTICE_MS, assessmentEvents } from '@lp/contracts';
import { writeEvents } from '@lp/bus';
import { Clock, LOGGER, UnitOfWork, type Logger } from '@lp/service-kit';
import { DeadlinesRepository } from './deadlines.repository.js';

/** How often the sweep looks for near due dates: a learner is told at most this late. */
export const DEADLINE_SWEEP_MS = 60_000;

/**
 * Near due dates (docs/notifications.md, "Reminders"): every minute, each published assignment
 * due within ASSIGNMENT_DUE_NOTICE_MS whose learners were not told for this due date yet gets an
 * `assessment.assignment.due-soon` event per enrolled learner who has not submitted, written
 * in the transaction that marks it told (one assignment per transaction, its row locked, so
 * replicas never tell twice). The engagement service makes them notifications; a learner who
 * switched "Assignment Deadlines" off gets none. An assignment published, or given a due date,
 * inside the window is told at the next sweep; one whose due date moves is told again.
 */
@Injectable()
export class AssignmentDeadlines implements OnApplicationBootstrap, OnApplicationShutdown {
  private timer: NodeJS.Timeout | null = null;
  private sweeping: Promise<number> | null = null;
  private stopped = false;

  constructor(
    @Inject(DeadlinesRepository) private readonly repo: DeadlinesRepository,
    @Inject(UnitOfWork) private readonly uow: UnitOfWork,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(LOGGER) private readonly log: Logger,
  ) {}

  onApplicationBootstrap(): void {
    void this.sweep();
    this.timer = setInterval(() => void this.sweep(), DEADLINE_SWEEP_MS);
    this.timer.unref();
  }

  onApplicationShutdown(): void {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
  }

  /** Tells what is due; answers how many learners were told. One sweep at a time per process. */
  sweep(): Promise<number> {
    if (this.stopped) return Promise.resolve(0);
    this.sweeping ??= this.tellNear().finally(() => (this.sweeping = null));
    return this.sweeping;
  }

  private async tellNear(): Promise<number> {
    let told = 0;
    try {
      for (;;) {
        const n = await this.uow.run(async (tx) => {
          const [a] = await this.repo.takeNear(tx, this.clock.now(), ASSIGNMENT_DUE_NOTICE_MS, 1);
          if (!a) return null;
          const learners = await this.repo.notSubmitted(tx, a.id, a.courseId);
          await writeEvents(
            tx,
            assessmentEvents.assignmentDueSoon,
            learners.map((userId) => ({
              v: 1 as const,
              assignment_id: a.id,
              assignment_title: a.title,
              course_id: a.courseId,
              course_title: a.courseTitle,
              user_id: userId,
              due_date: a.dueDate.toISOString(),
            })),
          );
          await this.repo.markTold(tx, a.id, a.dueDate);
          return learners.length;
        });
        if (n === null || this.stopped) break;
        told += n;
      }
    } catch (err) {
      this.log.warn({ err }, 'assignment deadlines: the sweep failed; it tries again');
    }
    return told;
  }
}
