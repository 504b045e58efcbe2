import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { OutboxRelay } from '@lp/bus';
import { currentCaller } from '@lp/service-kit';
import type { AccessLevel, Caller } from '@lp/contracts';
import { institutionErrors } from './institution-errors.js';

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

/** read: any admin member; write: not readonly; admin: access level admin (keys, plans, billing) */
export type AccessNeed = 'read' | 'write' | 'admin';

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
 * One change is one transaction: the rows, and the events written with writeEvent, commit together.
 */
@Injectable()
export class Tenancy {
  constructor(
    @Inject(DataSource) private readonly ds: DataSource,
    @Inject(OutboxRelay) private readonly relay: OutboxRelay,
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
    return this.transaction(async (tx) => {
      const access = await this.resolve(tx, caller, institutionId);
      if (!access) throw institutionErrors.notFound();
      if (need !== 'read' && access.accessLevel === 'readonly') throw institutionErrors.readonly();
      if (need === 'admin' && access.accessLevel !== 'admin') throw institutionErrors.adminRequired();
      return fn(tx, access);
    });
  }

  async forUser<T>(fn: (tx: EntityManager, roots: { institutionId: string; accessLevel: AccessLevel }[]) => Promise<T>): Promise<T> {
    const caller = currentCaller();
    return this.transaction(async (tx) => {
      const roots = await this.adminRoots(tx, caller.userId);
      const ids = roots.map((r) => r.institutionId);
      await applyScope(tx, { userId: caller.userId, roots: ids });
      const visible = (await tx.query(`SELECT id FROM institutions`)) as { id: string }[];
      await applyScope(tx, { userId: caller.userId, roots: ids, visible: visible.map((v) => v.id) });
      return fn(tx, roots);
    });
  }

  forNew<T>(institutionId: string, fn: (tx: EntityManager) => Promise<T>): Promise<T> {
    const caller = currentCaller();
    return this.transaction(async (tx) => {
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
    return this.transaction(async (tx) => {
      await applyScope(tx, { userId: caller.userId, email: mail });
      return fn(tx, (institutionId) =>
        applyScope(tx, { userId: caller.userId, email: mail, roots: [institutionId], visible: [institutionId] }),
      );
    });
  }

  asSystem<T>(fn: (tx: EntityManager) => Promise<T>): Promise<T> {
    return this.transaction(async (tx) => {
      await enterSystemScope(tx);
      return fn(tx);
    });
  }

  private async transaction<T>(fn: (tx: EntityManager) => Promise<T>): Promise<T> {
    const result = await this.ds.transaction(fn);
    this.relay.kick();
    return result;
  }

  /** The caller's admin memberships (RLS shows a caller their own member rows only). */
  private async adminRoots(tx: EntityManager, userId: string): Promise<{ institutionId: string; accessLevel: AccessLevel }[]> {
    await applyScope(tx, { userId });
    const rows = (await tx.query(
      `SELECT institution_id AS "institutionId", access_level AS "accessLevel" FROM members
        WHERE user_id = $1 AND member_type = 'admin' AND NOT is_suspended`,
      [userId],
    )) as { institutionId: string; accessLevel: AccessLevel }[];
    return rows;
  }

  private async resolve(tx: EntityManager, caller: Caller, institutionId: string): Promise<TenantAccess | null> {
    const roots = await this.adminRoots(tx, caller.userId);
    if (!roots.length) return null;
    await applyScope(tx, { userId: caller.userId, roots: roots.map((r) => r.institutionId) });
    const [target] = (await tx.query(`SELECT path_ids AS "pathIds" FROM institutions WHERE id = $1`, [institutionId])) as {
      pathIds: string[];
    }[];
    if (!target) return null;
    // the nearest administered institution on the way up decides the access level
    const via = [...target.pathIds]
      .reverse()
      .map((id) => roots.find((r) => r.institutionId === id))
      .find((r) => r !== undefined);
    if (!via) return null;
    // an API key acts inside its own institution's subtree only, whatever else its maker administers
    const keyScope = apiKeyInstitution(caller);
    if (keyScope && !target.pathIds.includes(keyScope)) return null;
    const top = keyScope && target.pathIds.indexOf(keyScope) > target.pathIds.indexOf(via.institutionId) ? keyScope : via.institutionId;
    await applyScope(tx, { userId: caller.userId, roots: [top] });
    const visible = ((await tx.query(`SELECT id FROM institutions`)) as { id: string }[]).map((r) => r.id);
    await applyScope(tx, { userId: caller.userId, roots: [top], visible });
    return { institutionId, pathIds: target.pathIds, viaInstitutionId: top, accessLevel: via.accessLevel, visible };
  }
}

/** Sets what the transaction may see (transaction-local: set_config's third argument). */
export async function applyScope(tx: EntityManager, s: ScopeSettings): Promise<void> {
  await tx.query(
    `SELECT set_config('app.user_id', $1, true), set_config('app.roots', $2, true), set_config('app.visible', $3, true), set_config('app.bypass', $4, true),
            set_config('app.email', $5, true)`,
    [s.userId ?? '', pgArray(s.roots ?? []), pgArray(s.visible ?? []), s.bypass ? 'on' : '', s.email ?? ''],
  );
}

/** Event consumers get the kit's transaction: they call this first. */
export function enterSystemScope(tx: EntityManager): Promise<void> {
  return applyScope(tx, { bypass: true });
}

/** The institution an API-key caller is bound to (the gateway signs it into the caller); null for people. */
export function apiKeyInstitution(caller: Caller): string | null {
  return caller.apiKey?.institutionId ?? null;
}
