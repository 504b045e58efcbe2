import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { writeEvent, writeEvents } from '@lp/bus';
import { institutionEvents, type EventPayload } from '@lp/contracts';
import { MembersRepository, type MemberEventRow } from './members.repository.js';

type MemberAdded = EventPayload<typeof institutionEvents.memberAdded>;

/** institution.member.added for one member row as it now is. */
export const memberAddedPayload = (r: MemberEventRow, changedAt: string): MemberAdded => ({
  v: 1 as const,
  member_id: r.id,
  institution_id: r.institution_id,
  institution_name: r.institution_name,
  subdomain: r.subdomain,
  user_id: r.user_id,
  member_type: r.member_type,
  portal_role: r.portal_role,
  access_level: r.access_level,
  permissions: r.permissions,
  is_suspended: r.is_suspended,
  changed_at: changedAt,
});

/** The member events every area writes (adding, changing and removing members happens in several). */
@Injectable()
export class MemberEvents {
  constructor(@Inject(MembersRepository) private readonly members: MembersRepository) {}

  /**
   * institution.member.added carries a member's portal as it now is: written on every add and
   * on every change identity's portals depend on (role, access level, suspension). Set-based:
   * one statement reads every member given, one writes their events (a bulk import's batch).
   */
  async changed(tx: EntityManager, memberIds: readonly string[]): Promise<void> {
    if (!memberIds.length) return;
    const rows = await this.members.eventRows(tx, memberIds);
    const now = new Date().toISOString();
    await writeEvents(
      tx,
      institutionEvents.memberAdded,
      rows.map((r) => memberAddedPayload(r, now)),
    );
  }

  async removed(tx: EntityManager, m: { id: string; institutionId: string; userId: string }): Promise<void> {
    await writeEvent(tx, institutionEvents.memberRemoved, {
      v: 1,
      member_id: m.id,
      institution_id: m.institutionId,
      user_id: m.userId,
      removed_at: new Date().toISOString(),
    });
  }
}
