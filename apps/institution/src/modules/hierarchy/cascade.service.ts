import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { institutionRoutes, type RouteInput, type RouteOutput } from '@lp/contracts';
import { currentCaller, Handles } from '@lp/service-kit';
import { Tenancy } from '../../common/tenancy.js';
import { MemberEvents } from '../members/member-events.js';
import { HierarchyRepository } from './hierarchy.repository.js';
import { cascadeSettingsOf } from './cascade-settings.js';

type R = typeof institutionRoutes;

/**
 * Cascade: an institution copies what its settings choose to every institution below it, in
 * one transaction. Every copy is an upsert that changes only what differs, so a second apply
 * with nothing changed above copies nothing (its counts are 0):
 * - branding: logo, colours and custom text, to the descendants that inherit branding;
 * - pricing: its sub-leasing plans, one copy per descendant linked by cascaded_from (a copy
 *   edited below is set back to the source's values);
 * - policies: the policies document;
 * - content: its own courses, assigned to every descendant;
 * - users: its students and faculty (not the suspended), made members of every descendant.
 */
@Injectable()
export class CascadeService {
  constructor(
    @Inject(Tenancy) private readonly tenancy: Tenancy,
    @Inject(HierarchyRepository) private readonly tree: HierarchyRepository,
    @Inject(MemberEvents) private readonly memberEvents: MemberEvents,
  ) {}

  @Handles(institutionRoutes.cascadeSettings)
  async get({ params }: RouteInput<R['cascadeSettings']>): Promise<RouteOutput<R['cascadeSettings']>> {
    return this.tenancy.forInstitution(params.id, 'read', (tx) => this.settingsOf(tx, params.id));
  }

  @Handles(institutionRoutes.updateCascadeSettings)
  async update({ params, body }: RouteInput<R['updateCascadeSettings']>): Promise<RouteOutput<R['updateCascadeSettings']>> {
    return this.tenancy.forInstitution(params.id, 'write', async (tx) => {
      const changes = Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined)) as Record<string, boolean>;
      await this.tree.mergeSettings(tx, params.id, changes);
      return this.settingsOf(tx, params.id);
    });
  }

  @Handles(institutionRoutes.applyCascade)
  async apply({ params }: RouteInput<R['applyCascade']>): Promise<RouteOutput<R['applyCascade']>> {
    const userId = currentCaller().userId;
    return this.tenancy.forInstitution(params.id, 'write', async (tx) => {
      // one apply at a time per source: the second waits and then finds everything copied
      await this.tree.lockRow(tx, params.id);
      const { cascade_settings: on } = await this.settingsOf(tx, params.id);
      const n = await this.tree.countBelow(tx, params.id);
      const copied = {
        branding: on.branding ? await this.tree.copyBranding(tx, params.id) : 0,
        plans: on.pricing ? await this.tree.copyPlans(tx, params.id) : 0,
        policies: on.policies ? await this.tree.copyPolicies(tx, params.id) : 0,
        courses: on.content ? await this.tree.copyCourses(tx, params.id, userId) : 0,
        members: on.users ? await this.copyMembers(tx, params.id, userId) : 0,
      };
      await this.tree.markApplied(tx, params.id);
      return { message: `Cascade settings applied to ${n} institution${n === 1 ? '' : 's'}`, institutions: n, copied };
    });
  }

  private async settingsOf(tx: EntityManager, id: string): Promise<RouteOutput<R['cascadeSettings']>> {
    return cascadeSettingsOf(await this.tree.settings(tx, id));
  }

  private async copyMembers(tx: EntityManager, id: string, userId: string): Promise<number> {
    const made = await this.tree.copyMembersDown(tx, id, userId);
    await this.memberEvents.changed(tx, made);
    return made.length;
  }
}
