import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { queryRows } from '@lp/service-kit';

/** Demo-data writes that no route makes; development and tests only. */
@Injectable()
export class SeedRepository {
  constructor(@Inject(DataSource) private readonly ds: DataSource) {}

  /** Moves an open session's start and deadline back by `seconds`; null when there is no such open session. */
  async backdateOpenSession(sessionId: string, seconds: number): Promise<{ started_at: Date } | null> {
    const rows = await queryRows<{ started_at: Date }>(
      this.ds,
      `UPDATE test_sessions
          SET started_at = started_at - make_interval(secs => $2), deadline_at = deadline_at - make_interval(secs => $2)
        WHERE id = $1 AND submitted_at IS NULL
        RETURNING started_at`,
      [sessionId, seconds],
    );
    return rows[0] ?? null;
  }
}
