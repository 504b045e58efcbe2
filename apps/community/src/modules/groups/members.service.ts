import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { communityRoutes, type Caller, type GroupBan, type RouteInput, type RouteOutput } from '@lp/contracts';
import { Clock, ENV, Handles, UNKNOWN_USER_NAME, UnitOfWork, currentCaller, iso, isoOrNull } from '@lp/service-kit';
import type { CommunityEnv } from '../../config/community-env.js';
import type { GroupBanEntity } from '../../entities/group-ban.entity.js';
import type { GroupMemberEntity } from '../../entities/group-member.entity.js';
import { liftRefusal } from './ban-rules.js';
import { BansRepository } from './bans.repository.js';
import { GroupAccess } from './group-access.js';
import { groupErrors } from './group-errors.js';
import { toMember } from './group-views.js';
import { MembersRepository } from './members.repository.js';
import { testMembersAddedMessage, testMembersToAdd, targetRefusal } from './member-rules.js';
import { Membership } from './membership.js';
import { People } from './people.js';

type R = typeof communityRoutes;

/**
 * Managing a group's members. The creator acts on anyone but themself; a moderator acts on
 * plain members only; the creator can never be removed, suspended or demoted. Suspensions
 * and removals are bans recorded on the group (group_bans): they outlive leaving and
 * rejoining and end only when a moderator or the creator lifts them (a removal also when
 * the person accepts an invitation sent after it).
 */
@Injectable()
export class MembersService {
  constructor(
    @Inject(GroupAccess) private readonly access: GroupAccess,
    @Inject(MembersRepository) private readonly members: MembersRepository,
    @Inject(BansRepository) private readonly bans: BansRepository,
    @Inject(Membership) private readonly membership: Membership,
    @Inject(People) private readonly people: People,
    @Inject(UnitOfWork) private readonly uow: UnitOfWork,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(ENV) private readonly env: CommunityEnv,
  ) {}

  /** The member leaves the group and a removal is recorded: they join again only through an invitation sent after it. */
  @Handles(communityRoutes.removeMember)
  async remove({ params, body }: RouteInput<R['removeMember']>): Promise<RouteOutput<R['removeMember']>> {
    const caller = currentCaller();
    await this.uow.run(async (tx) => {
      const target = await this.target(tx, params.id, body.member_id, caller, 'remove members');
      await this.membership.release(tx, params.id, target.userId);
      await this.bans.insert(
        tx,
        { groupId: params.id, userId: target.userId, kind: 'removed', reason: body.reason || null, bannedBy: caller.userId },
        this.clock.now(),
      );
    });
    return { message: 'Member removed from the group', member: null };
  }

  /**
   * Suspends a member (a suspension recorded on the group, which outlives leaving and
   * rejoining), or lifts the suspension that holds. Either is a no-op when already so.
   */
  @Handles(communityRoutes.suspendMember)
  async suspend({ params, body }: RouteInput<R['suspendMember']>): Promise<RouteOutput<R['suspendMember']>> {
    const caller = currentCaller();
    const member = await this.uow.run(async (tx) => {
      const target = await this.target(tx, params.id, body.member_id, caller, 'suspend members');
      const now = this.clock.now();
      const holding = await this.bans.active(params.id, target.userId, 'suspended', tx);
      if (body.suspended && !holding) {
        await this.bans.insert(
          tx,
          { groupId: params.id, userId: target.userId, kind: 'suspended', reason: body.reason || null, bannedBy: caller.userId },
          now,
        );
      } else if (!body.suspended && holding) {
        await this.bans.lift(tx, holding.id, caller.userId, 'moderator', null, now);
      }
      return target;
    });
    return { message: body.suspended ? 'Member suspended' : 'Suspension lifted', member: await this.view(member) };
  }

  /** The group's bans with who placed them and when (and how they ended, with status=all): the creator and moderators. */
  @Handles(communityRoutes.groupBans)
  async bansOf({ params, query }: RouteInput<R['groupBans']>): Promise<RouteOutput<R['groupBans']>> {
    const { group } = await this.access.manager(params.id, currentCaller(), 'see the bans');
    const rows = await this.bans.list(group.id, query.status === 'all', this.env.ITEM_LIST_LIMIT);
    return this.banViews(group.id, rows);
  }

  /**
   * Lifts a suspension or a removal: the creator any, a moderator those on anyone who is not
   * a moderator now, nobody their own (a suspended moderator has no manager rights at all).
   * The row stays, lifted, as the history.
   */
  @Handles(communityRoutes.liftBan)
  async lift({ params }: RouteInput<R['liftBan']>): Promise<RouteOutput<R['liftBan']>> {
    const caller = currentCaller();
    const ban = await this.uow.run(async (tx) => {
      const { member: actor } = await this.access.manager(params.id, caller, 'lift bans', tx, true);
      const ban = await this.bans.find(params.id, params.banId, tx);
      if (!ban) throw groupErrors.banNotFound();
      const bannedNow = await this.members.find(params.id, ban.userId, tx);
      const refusal = liftRefusal(actor, ban, bannedNow?.role ?? null);
      if (refusal === 'own') throw groupErrors.ownBan();
      if (refusal === 'moderator_limit') throw groupErrors.moderatorLimit();
      if (refusal === 'already_lifted') throw groupErrors.banAlreadyLifted();
      await this.bans.lift(tx, ban.id, caller.userId, 'moderator', null, this.clock.now());
      return (await this.bans.find(params.id, ban.id, tx))!;
    });
    const [view] = await this.banViews(params.id, [ban]);
    return { message: ban.kind === 'suspended' ? 'Suspension lifted' : 'Removal lifted: the person may join again', ban: view! };
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
    return {
      message: body.role === 'moderator' ? 'Member promoted to moderator' : 'Moderator is a member again',
      member: await this.view(member),
    };
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
        const n = testMembersToAdd(group);
        if (n <= 0) throw groupErrors.groupFull();
        const first = (await this.members.countTestMembers(tx, group.id)) + 1;
        const people = Array.from({ length: n }, (_, i) => {
          const id = randomUUID();
          return { id, name: `Test Member ${first + i}`, email: `test-member.${id.slice(0, 8)}@example.test` };
        });
        await this.people.insertGenerated(tx, people);
        await this.membership.admit(
          tx,
          group.id,
          people.map((p) => ({ userId: p.id, role: 'member' as const, isTestMember: true })),
          'test',
          this.clock.now(),
        );
        return n;
      }),
    );
    return { message: testMembersAddedMessage(added), added_members: added };
  }

  /** The member acted on, after the actor's rights are checked; the group's row locked first, as joins lock it. */
  private async target(tx: EntityManager, groupId: string, memberId: string, caller: Caller, what: string): Promise<GroupMemberEntity> {
    const { member: actor } = await this.access.manager(groupId, caller, what, tx, true);
    const target = await this.members.find(groupId, memberId, tx);
    if (!target) throw groupErrors.memberNotFound();
    const refusal = targetRefusal(actor.role, target.role);
    if (refusal === 'creator_protected') throw groupErrors.creatorProtected();
    if (refusal === 'moderator_limit') throw groupErrors.moderatorLimit();
    return target;
  }

  private async view(m: GroupMemberEntity) {
    const suspended = !!(await this.bans.active(m.groupId, m.userId, 'suspended'));
    return toMember(m, (await this.people.find(m.userId)) ?? undefined, true, suspended);
  }

  private async banViews(groupId: string, rows: GroupBanEntity[]): Promise<GroupBan[]> {
    const ids = rows.flatMap((b) => [b.userId, b.bannedBy, ...(b.liftedBy ? [b.liftedBy] : [])]);
    const [users, members] = await Promise.all([
      this.people.byIds(ids),
      this.members.listIds(
        groupId,
        rows.map((b) => b.userId),
      ),
    ]);
    const name = (id: string) => users.get(id)?.name ?? UNKNOWN_USER_NAME;
    return rows.map((b) => ({
      id: b.id,
      user_id: b.userId,
      name: name(b.userId),
      email: users.get(b.userId)?.email ?? null,
      kind: b.kind,
      reason: b.reason,
      banned_by_id: b.bannedBy,
      banned_by_name: name(b.bannedBy),
      banned_at: iso(b.bannedAt),
      is_member: members.has(b.userId),
      lifted_at: isoOrNull(b.liftedAt),
      lifted_by_id: b.liftedBy,
      lifted_by_name: b.liftedBy ? name(b.liftedBy) : null,
      lifted_via: b.liftedVia,
    }));
  }
}
