import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { communityEvents, type GroupRole } from '@lp/contracts';
import { writeEvent } from '@lp/bus';
import { isCheckViolation, isUniqueViolation } from '@lp/service-kit';
import { groupErrors } from './group-errors.js';
import { GroupsRepository } from './groups.repository.js';
import { MembersRepository } from './members.repository.js';

type Via = 'created' | 'joined' | 'invitation' | 'test';

/**
 * Every change of a group's membership: the member rows, member_count and the
 * community.group.joined events in the caller's transaction, so the count never drifts.
 */
@Injectable()
export class Membership {
  constructor(
    @Inject(GroupsRepository) private readonly groups: GroupsRepository,
    @Inject(MembersRepository) private readonly members: MembersRepository,
  ) {}

  async admit(
    tx: EntityManager,
    groupId: string,
    people: Array<{ userId: string; role: GroupRole; isTestMember?: boolean }>,
    via: Via,
    now: Date,
  ): Promise<void> {
    // the count first: its row lock queues concurrent joins, and the CHECK refuses the one too many
    await this.groups.changeCount(tx, groupId, people.length);
    await this.members.insert(
      tx,
      people.map((p) => ({ groupId, ...p })),
      now,
    );
    for (const p of people) {
      await writeEvent(tx, communityEvents.groupJoined, {
        v: 1,
        group_id: groupId,
        user_id: p.userId,
        role: p.role,
        via,
        joined_at: now.toISOString(),
      });
    }
  }

  /** Removes a member; answers whether there was one to remove. */
  async release(tx: EntityManager, groupId: string, userId: string): Promise<boolean> {
    const removed = await this.members.delete(tx, groupId, userId);
    if (removed) await this.groups.changeCount(tx, groupId, -removed);
    return removed > 0;
  }

  /**
   * Runs a transaction that admits people and answers the database's refusals as the
   * caller's errors: the full group (the CHECK on member_count) and a second membership
   * (the primary key (group_id, user_id)) that slipped past the read before it.
   */
  async guard<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (e) {
      if (isCheckViolation(e, 'study_groups_member_count_check')) throw groupErrors.groupFull();
      if (isUniqueViolation(e) && (e as { driverError?: { table?: string } }).driverError?.table === 'group_members')
        throw groupErrors.alreadyMember();
      throw e;
    }
  }
}
