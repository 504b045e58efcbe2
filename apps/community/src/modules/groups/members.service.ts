import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { communityRoutes, TEST_MEMBERS_ADDED, type Caller, type RouteInput, type RouteOutput } from '@lp/contracts';
import { Clock, ENV, Handles, UnitOfWork, currentCaller } from '@lp/service-kit';
import type { CommunityEnv } from '../../config/community-env.js';
import type { GroupMemberEntity } from '../../entities/group-member.entity.js';
import { GroupAccess } from './group-access.js';
import { groupErrors } from './group-errors.js';
import { toMember } from './group-views.js';
import { MembersRepository } from './members.repository.js';
import { Membership } from './membership.js';
import { People } from './people.js';

type R = typeof communityRoutes;

/**
 * Managing a group's members. The creator acts on anyone but themself; a moderator acts on
 * plain members only; the creator can never be removed, suspended or demoted.
 */
@Injectable()
export class MembersService {
  constructor(
    @Inject(GroupAccess) private readonly access: GroupAccess,
    @Inject(MembersRepository) private readonly members: MembersRepository,
    @Inject(Membership) private readonly membership: Membership,
    @Inject(People) private readonly people: People,
    @Inject(UnitOfWork) private readonly uow: UnitOfWork,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(ENV) private readonly env: CommunityEnv,
  ) {}

  @Handles(communityRoutes.removeMember)
  async remove({ params, body }: RouteInput<R['removeMember']>): Promise<RouteOutput<R['removeMember']>> {
    const caller = currentCaller();
    await this.uow.run(async (tx) => {
      const target = await this.target(tx, params.id, body.member_id, caller, 'remove members');
      await this.membership.release(tx, params.id, target.userId);
    });
    return { message: 'Member removed from the group', member: null };
  }

  @Handles(communityRoutes.suspendMember)
  async suspend({ params, body }: RouteInput<R['suspendMember']>): Promise<RouteOutput<R['suspendMember']>> {
    const caller = currentCaller();
    const member = await this.uow.run(async (tx) => {
      const target = await this.target(tx, params.id, body.member_id, caller, 'suspend members');
      await this.members.update(tx, params.id, target.userId, { isSuspended: body.suspended });
      return (await this.members.find(params.id, target.userId, tx))!;
    });
    return { message: body.suspended ? 'Member suspended' : 'Suspension lifted', member: await this.view(member) };
  }

  /** The creator only: a member becomes a moderator, or a moderator a member again. */
  @Handles(communityRoutes.promoteMember)
  async promote({ params, body }: RouteInput<R['promoteMember']>): Promise<RouteOutput<R['promoteMember']>> {
    const caller = currentCaller();
    const member = await this.uow.run(async (tx) => {
      await this.access.creator(params.id, caller, 'change member roles', tx);
      const target = await this.members.find(params.id, body.member_id, tx);
      if (!target) throw groupErrors.memberNotFound();
      if (target.role === 'creator') throw groupErrors.creatorProtected();
      await this.members.update(tx, params.id, target.userId, { role: body.role });
      return (await this.members.find(params.id, target.userId, tx))!;
    });
    return { message: body.role === 'moderator' ? 'Member promoted to moderator' : 'Moderator is a member again', member: await this.view(member) };
  }

  /**
   * Development data only (403 NOT_IN_PRODUCTION in production): generated people, known to
   * the users read model as 'Test Member N', join the group, never beyond max_members.
   */
  @Handles(communityRoutes.addTestMembers)
  async addTestMembers({ params }: RouteInput<R['addTestMembers']>): Promise<RouteOutput<R['addTestMembers']>> {
    if (this.env.NODE_ENV === 'production') throw groupErrors.notInProduction();
    const caller = currentCaller();
    const added = await this.membership.guard(() =>
      this.uow.run(async (tx) => {
        const { group } = await this.access.creator(params.id, caller, 'add test members', tx, true);
        const n = Math.min(TEST_MEMBERS_ADDED, group.maxMembers - group.memberCount);
        if (n <= 0) throw groupErrors.groupFull();
        const first = (await this.members.countTestMembers(tx, group.id)) + 1;
        const people = Array.from({ length: n }, (_, i) => {
          const id = randomUUID();
          return { id, name: `Test Member ${first + i}`, email: `test-member.${id.slice(0, 8)}@example.test` };
        });
        await this.people.insertGenerated(tx, people);
        await this.membership.admit(tx, group.id, people.map((p) => ({ userId: p.id, role: 'member' as const, isTestMember: true })), 'test', this.clock.now());
        return n;
      }),
    );
    return { message: `Added ${added} test member${added === 1 ? '' : 's'}`, added_members: added };
  }

  /** The member acted on, after the actor's rights are checked. */
  private async target(tx: EntityManager, groupId: string, memberId: string, caller: Caller, what: string): Promise<GroupMemberEntity> {
    const { member: actor } = await this.access.manager(groupId, caller, what, tx);
    const target = await this.members.find(groupId, memberId, tx);
    if (!target) throw groupErrors.memberNotFound();
    if (target.role === 'creator') throw groupErrors.creatorProtected();
    if (actor.role === 'moderator' && target.role !== 'member') throw groupErrors.moderatorLimit();
    return target;
  }

  private async view(m: GroupMemberEntity) {
    return toMember(m, (await this.people.find(m.userId)) ?? undefined, true);
  }
}
