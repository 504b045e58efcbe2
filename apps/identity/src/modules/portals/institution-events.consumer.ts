import { Inject, Injectable } from '@nestjs/common';
import { institutionEvents, type EventPayload } from '@lp/contracts';
import type { EventContext } from '@lp/bus';
import type { EntityManager } from 'typeorm';
import { OnEvent, entityManager } from '@lp/service-kit';
import { SessionsService } from '../sessions/sessions.service.js';
import { UsersRepository } from '../users/users.repository.js';
import { PortalsRepository } from './portals.repository.js';

type InstitutionChange = EventPayload<typeof institutionEvents.updated>;

/**
 * Keeps `portal_memberships` as institution says, each event in its own inbox transaction (a
 * redelivery finds its inbox row and changes nothing). A suspended member has no portal: the
 * row is deleted rather than flagged, so sign-in, GET /auth/me, the portal list and
 * switch-portal, which all read the table as it is, need no filter of their own; a later
 * event lifting the suspension brings the portal back. Sessions scoped to a lost portal end. A user's first portal becomes their
 * primary one; when the primary one goes, their oldest remaining portal takes its place.
 */
@Injectable()
export class InstitutionEventsConsumer {
  constructor(
    @Inject(PortalsRepository) private readonly portals: PortalsRepository,
    @Inject(UsersRepository) private readonly users: UsersRepository,
    @Inject(SessionsService) private readonly sessions: SessionsService,
  ) {}

  @OnEvent(institutionEvents.memberAdded)
  async memberAdded(p: EventPayload<typeof institutionEvents.memberAdded>, ctx: EventContext): Promise<void> {
    const tx = entityManager(ctx.tx);
    await this.portals.lockUser(tx, p.user_id);
    if (!(await this.portals.advanceMemberVersion(tx, p.institution_id, p.user_id, new Date(p.changed_at)))) {
      ctx.log.info({ memberId: p.member_id }, 'member event older than the one applied; ignored');
      return;
    }
    if (p.is_suspended) {
      await this.leave(tx, p.institution_id, p.user_id);
      return;
    }
    if (!(await this.users.findById(p.user_id, tx))) {
      // institution only names users identity answered; one purged since has no account to give a portal
      ctx.log.warn({ memberId: p.member_id, userId: p.user_id }, 'member of an unknown user; no portal made');
      return;
    }
    await this.portals.upsert(tx, {
      institutionId: p.institution_id,
      institutionName: p.institution_name,
      subdomain: p.subdomain,
      userId: p.user_id,
      role: p.portal_role,
      accessLevel: p.access_level,
      permissions: p.permissions,
    });
  }

  @OnEvent(institutionEvents.memberRemoved)
  async memberRemoved(p: EventPayload<typeof institutionEvents.memberRemoved>, ctx: EventContext): Promise<void> {
    const tx = entityManager(ctx.tx);
    await this.portals.lockUser(tx, p.user_id);
    if (!(await this.portals.advanceMemberVersion(tx, p.institution_id, p.user_id, new Date(p.removed_at)))) {
      ctx.log.info({ memberId: p.member_id }, 'removal older than the member event applied; ignored');
      return;
    }
    await this.leave(tx, p.institution_id, p.user_id);
  }

  /**
   * The portal goes, and so do the sessions scoped to it: a refresh keeps a session's
   * institution for its whole life, so without this a removed member would stay in the portal.
   */
  private async leave(tx: EntityManager, institutionId: string, userId: string): Promise<void> {
    await this.portals.remove(tx, institutionId, userId);
    for (const sessionId of await this.portals.scopedSessionIds(tx, institutionId, userId))
      await this.sessions.revoke(tx, userId, sessionId);
  }

  @OnEvent(institutionEvents.created)
  async created(p: EventPayload<typeof institutionEvents.created>, ctx: EventContext): Promise<void> {
    await this.rename(p, ctx);
  }

  @OnEvent(institutionEvents.updated)
  async updated(p: EventPayload<typeof institutionEvents.updated>, ctx: EventContext): Promise<void> {
    await this.rename(p, ctx);
  }

  @OnEvent(institutionEvents.verified)
  async verified(p: EventPayload<typeof institutionEvents.verified>, ctx: EventContext): Promise<void> {
    await this.rename(p, ctx);
  }

  /** Portals show the institution's name and subdomain: every event about it carries them as they are now. */
  private async rename(p: Pick<InstitutionChange, 'institution_id' | 'name' | 'subdomain'>, ctx: EventContext): Promise<void> {
    await this.portals.renameInstitution(entityManager(ctx.tx), p.institution_id, p.name, p.subdomain);
  }
}
