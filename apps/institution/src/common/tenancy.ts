import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { currentCaller, setTransactionSettings, transactionSetting, UnitOfWork } from '@lp/service-kit';
import type { AccessLevel, Caller } from '@lp/contracts';
import { institutionErrors } from './institution-errors.js';
import { accessRefusal, accessTop, type AccessNeed, type AdminRoot } from './tenant-access.js';
import { InstitutionsRepository } from '../modules/institutions/institutions.repository.js';
import { MembersRepository } from '../modules/members/members.repository.js';

export type { AccessNeed } from './tenant-access.js';

/** What a transaction of Tenancy.forInstitution knows about the caller's standing. */
export interface TenantAccess {
  /** the institution of the route */
  institutionId: string;
  /** its ids from the top down, itself last */
  pathIds: string[];
  /** the institution whose admin membership gives the access: this one or the nearest ancestor */
  viaInstitutionId: string;
  accessLevel: AccessLevel;
  /** every institution the transaction may see: the subtree of viaInstitutionId */
  visible: string[];
}

interface ScopeSettings {
  userId?: string | null;
  /** the invitee's account e-mail, lower case (Tenancy.forInvitee) */
  email?: string | null;
  roots?: readonly string[];
  visible?: readonly string[];
  bypass?: boolean;
}

const pgArray = (ids: readonly string[]): string => `{${ids.join(',')}}`;

/**
 * The first wall of tenant isolation, and the settings the second wall reads (row-level
 * security, common/tenant-policies.ts). Every transaction of the service goes through here:
 * - forInstitution: a route on /institutions/{id}/...: the caller must be an admin member of
 *   {id} or of an ancestor (not suspended); the transaction then sees that subtree only. An id
 *   outside it answers 404 'Institution not found', exactly as an unknown id does.
 * - forUser: the caller's own memberships and the subtrees they administer (GET /institutions/me).
 * - forNew: a brand-new institution and nothing else (onboarding).
 * - forInvitee: a person's own memberships and the invitations addressed to their e-mail (/profile).
 * - asSystem: every row; for the platform admin's routes, event consumers and the worker's
 *   jobs, never for a route of an institution.
 *
 * The transaction itself is the kit's UnitOfWork (one change, one transaction, the outbox
 * relay nudged after the commit); what the policies read is set here with the kit's
 * setTransactionSettings. The scope is institution's own rule and grows inside the
 * transaction (the caller's member rows first, then the subtree they administer), which is why
 * it is not a fixed set the kit applies at the start of every transaction.
 */
@Injectable()
export class Tenancy {
  constructor(
    @Inject(UnitOfWork) private readonly uow: UnitOfWork,
    @Inject(MembersRepository) private readonly members: MembersRepository,
    @Inject(InstitutionsRepository) private readonly institutions: InstitutionsRepository,
  ) {}

  /** `actingUserId`: a bus caller acting for a person it names (identity forwarding a portal grant) */
  async forInstitution<T>(
    institutionId: string,
    need: AccessNeed,
    fn: (tx: EntityManager, access: TenantAccess) => Promise<T>,
    actingUserId?: string,
  ): Promise<T> {
    const caller: Caller = actingUserId
      ? { userId: actingUserId, role: 'institution', sessionId: 'bus', institutionId: null }
      : currentCaller();
    return this.uow.run(async (tx) => {
      const access = await this.resolve(tx, caller, institutionId);
      if (!access) throw institutionErrors.notFound();
      const refusal = accessRefusal(access.accessLevel, need);
      if (refusal) throw institutionErrors[refusal]();
      return fn(tx, access);
    });
  }

  async forUser<T>(fn: (tx: EntityManager, roots: AdminRoot[]) => Promise<T>): Promise<T> {
    const caller = currentCaller();
    return this.uow.run(async (tx) => {
      const roots = await this.adminRoots(tx, caller.userId);
      const ids = roots.map((r) => r.institutionId);
      await applyScope(tx, { userId: caller.userId, roots: ids });
      const visible = await this.institutions.visibleIds(tx);
      await applyScope(tx, { userId: caller.userId, roots: ids, visible });
      return fn(tx, roots);
    });
  }

  forNew<T>(institutionId: string, fn: (tx: EntityManager) => Promise<T>): Promise<T> {
    const caller = currentCaller();
    return this.uow.run(async (tx) => {
      await applyScope(tx, { userId: caller.userId, roots: [institutionId], visible: [institutionId] });
      return fn(tx);
    });
  }

  /**
   * The caller as a person, not as an admin: their own member rows (app.user_id) and the
   * invitations addressed to their account's e-mail (app.email). `open(institutionId)` widens
   * the scope to that one institution, for the member row and events an acceptance writes once
   * the invitation has been found; nothing else of the institution becomes visible before.
   */
  forInvitee<T>(email: string | null, fn: (tx: EntityManager, open: (institutionId: string) => Promise<void>) => Promise<T>): Promise<T> {
    const caller = currentCaller();
    const mail = email?.toLowerCase() ?? null;
    return this.uow.run(async (tx) => {
      await applyScope(tx, { userId: caller.userId, email: mail });
      return fn(tx, (institutionId) =>
        applyScope(tx, { userId: caller.userId, email: mail, roots: [institutionId], visible: [institutionId] }),
      );
    });
  }

  asSystem<T>(fn: (tx: EntityManager) => Promise<T>): Promise<T> {
    return this.uow.run(async (tx) => {
      await enterSystemScope(tx);
      return fn(tx);
    });
  }

  /** The caller's admin memberships (RLS shows a caller their own member rows only). */
  private async adminRoots(tx: EntityManager, userId: string): Promise<AdminRoot[]> {
    await applyScope(tx, { userId });
    return this.members.adminRoots(tx, userId);
  }

  private async resolve(tx: EntityManager, caller: Caller, institutionId: string): Promise<TenantAccess | null> {
    const roots = await this.adminRoots(tx, caller.userId);
    if (!roots.length) return null;
    await applyScope(tx, { userId: caller.userId, roots: roots.map((r) => r.institutionId) });
    const pathIds = await this.institutions.pathIds(tx, institutionId);
    if (!pathIds) return null;
    const found = accessTop(pathIds, roots, apiKeyInstitution(caller));
    if (!found) return null;
    await applyScope(tx, { userId: caller.userId, roots: [found.top] });
    const visible = await this.institutions.visibleIds(tx);
    await applyScope(tx, { userId: caller.userId, roots: [found.top], visible });
    return { institutionId, pathIds, viaInstitutionId: found.top, accessLevel: found.via.accessLevel, visible };
  }
}

/** The settings the policies read (common/tenant-policies.ts), for the transaction only. */
export function scopeSettings(s: ScopeSettings): Record<string, string> {
  return {
    'app.user_id': s.userId ?? '',
    'app.roots': pgArray(s.roots ?? []),
    'app.visible': pgArray(s.visible ?? []),
    'app.bypass': s.bypass ? 'on' : '',
    'app.email': s.email ?? '',
  };
}

/** Sets what the transaction may see. */
export function applyScope(tx: EntityManager, s: ScopeSettings): Promise<void> {
  return setTransactionSettings(tx, scopeSettings(s));
}

/** Event consumers get the kit's transaction: they call this first. */
export function enterSystemScope(tx: EntityManager): Promise<void> {
  return applyScope(tx, { bypass: true });
}

/**
 * Runs `fn` seeing every row, inside a transaction that may be a tenant's: the tier's limits
 * hold for the whole top institution, whose subtree a subsidiary's admin does not see. Only
 * the bypass switch is turned on and put back; the caller's own scope is left as it was.
 */
export async function inSystemScope<T>(tx: EntityManager, fn: () => Promise<T>): Promise<T> {
  const saved = await transactionSetting(tx, 'app.bypass');
  const restore = () => setTransactionSettings(tx, { 'app.bypass': saved });
  await setTransactionSettings(tx, { 'app.bypass': 'on' });
  let result: T;
  try {
    result = await fn();
  } catch (e) {
    // a refusal the caller may catch must not leave the transaction seeing everything; after a
    // database error the transaction is aborted and the restore fails too: the first error counts
    await restore().catch(() => undefined);
    throw e;
  }
  await restore();
  return result;
}

/** The institution an API-key caller is bound to (the gateway signs it into the caller); null for people. */
export function apiKeyInstitution(caller: Caller): string | null {
  return caller.apiKey?.institutionId ?? null;
}
