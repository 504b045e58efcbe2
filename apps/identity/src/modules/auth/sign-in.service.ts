import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { Portal, User } from '@lp/contracts';
import type { UserEntity } from '../../entities/user.entity.js';
import { identityErrors } from '../../common/identity-errors.js';
import { PortalsRepository } from '../portals/portals.repository.js';
import { SessionsService, type IssuedSession } from '../sessions/sessions.service.js';
import { primaryInstitution, toPortals, toUser, type InstitutionRef } from '../users/user.mapper.js';

export interface SignedIn extends IssuedSession {
  user: User;
  institution: InstitutionRef | null;
  availablePortals: Portal[];
}

/** Ends every successful sign-in: a session scoped to the primary portal, and the user as answered. */
@Injectable()
export class SignInService {
  constructor(
    @Inject(PortalsRepository) private readonly portals: PortalsRepository,
    @Inject(SessionsService) private readonly sessions: SessionsService,
  ) {}

  assertMaySignIn(user: UserEntity): void {
    if (user.status === 'pending_deletion') throw identityErrors.pendingDeletion();
  }

  async start(tx: EntityManager, user: UserEntity): Promise<SignedIn> {
    const memberships = await this.portals.listForUser(user.id, tx);
    const institution = primaryInstitution(memberships);
    const session = await this.sessions.issue(tx, user, institution?.id ?? null);
    return {
      ...session,
      user: toUser(user, memberships, institution?.id ?? null),
      institution,
      availablePortals: toPortals(memberships, institution?.id ?? null),
    };
  }
}
