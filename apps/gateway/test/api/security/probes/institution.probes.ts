import { describe, expect, it } from '@jest/globals';
import type { ProbeAuth, ProbeTarget } from '../target.js';

/**
 * Issue 24, item 3 ("membership by consent"): a freshly registered, still-unverified
 * institution POSTed /institutions/{id}/members {"email": <someone else's>, "create_account":
 * false} and got that account attached (201, with its name, id and role); the institution
 * became the victim's portal on their next sign-in, and suspending or removing the "member"
 * revoked the victim's sessions at will. An unknown e-mail answered 404 USER_NOT_FOUND: an
 * account-existence oracle. Now the add is an invitation the invitee accepts (held while the
 * institution is pending), the answer is the same 202 for every e-mail, and nothing the
 * institution does reaches the victim's account or sessions.
 */
export function institutionProbes(target: () => ProbeTarget): void {
  type Portals = { available_portals: { institution_id: string }[] };
  const api = <T = Record<string, unknown>>(method: string, path: string, who: ProbeAuth | null, body?: unknown) =>
    target().api<T>(method, path, { ...(who ? { token: who.token } : {}), ...(body !== undefined ? { body } : {}) });
  const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

  /** an institution account that onboards (pending verification, as every new one is) */
  const attackerInstitution = async (): Promise<{ attacker: ProbeAuth; institutionId: string }> => {
    const attacker = await target().register('institution', 'inst-attacker');
    const onboarded = await api<{ id: string; verification_status: string }>('POST', '/institutions/onboard', attacker, {
      name: 'Probe Attacker Academy',
      subdomain: `probe-att-${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`,
      contact_email: 'office@attacker.test',
    });
    expect([onboarded.status, onboarded.body.verification_status]).toEqual([201, 'pending']);
    return { attacker, institutionId: onboarded.body.id };
  };

  describe('issue 24, item 3: membership by consent (institutions)', () => {
    it("a pending institution that adds another account's e-mail gets 202 and no member; the victim's sign-in does not land in its portal", async () => {
      const { attacker, institutionId } = await attackerInstitution();
      const victim = await target().register('learner', 'inst-victim');

      const added = await api<Record<string, unknown>>('POST', `/institutions/${institutionId}/members`, attacker, {
        email: victim.email,
        create_account: false,
      });
      expect(added.status).toBe(202);
      expect(added.body).toMatchObject({ status: 'invited', email: victim.email });
      // nothing about the victim's account in the answer: no id, no name, no role
      expect(JSON.stringify(added.body)).not.toContain(victim.user.id);
      expect(JSON.stringify(added.body)).not.toContain(victim.user.name);

      const members = await api<{ members: { user: { id: string } }[] }>('GET', `/institutions/${institutionId}/members`, attacker);
      expect(members.status).toBe(200);
      expect(members.body.members.map((m) => m.user.id)).not.toContain(victim.user.id);

      // give any event time to arrive (the old code's portal came a moment later), then sign in as the victim
      await pause(1500);
      const signIn = await api<{ token: string; institution: { id: string } | null }>('POST', '/auth/login', null, {
        email: victim.email,
        password: victim.password,
      });
      expect(signIn.status).toBe(200);
      expect(signIn.body.institution?.id ?? null).not.toBe(institutionId);
      const portals = await api<Portals>('GET', '/auth/portal-context', { ...victim, token: signIn.body.token });
      expect(portals.body.available_portals.map((p) => p.institution_id)).not.toContain(institutionId);
      // held while pending: not even the invitation is visible to the victim yet
      const invitations = await api<{ invitations: { institution_id: string }[] }>('GET', '/institution-invitations', victim);
      expect(invitations.status).toBe(200);
      expect(invitations.body.invitations.map((i) => i.institution_id)).not.toContain(institutionId);
      const memberships = await api<{ memberships: { institution_id: string }[] }>('GET', '/institution-memberships', victim);
      expect(memberships.body.memberships.map((m) => m.institution_id)).not.toContain(institutionId);
    });

    it('answers an unknown e-mail exactly as an existing account (no account-existence oracle)', async () => {
      const { attacker, institutionId } = await attackerInstitution();
      const victim = await target().register('learner', 'inst-oracle');
      const unknownEmail = `nobody-${Date.now().toString(36)}@probe-unknown.test`;
      const ask = (email: string) =>
        api<Record<string, unknown>>('POST', `/institutions/${institutionId}/members`, attacker, { email, create_account: false });
      const known = await ask(victim.email);
      const unknown = await ask(unknownEmail);
      expect(unknown.status).toBe(known.status);
      expect(unknown.status).toBe(202);
      // byte for byte once the e-mail each echoes is set aside
      const blank = (body: Record<string, unknown>, email: string) => JSON.stringify(body).split(JSON.stringify(email)).join('"<email>"');
      expect(blank(unknown.body, unknownEmail)).toBe(blank(known.body, victim.email));
      expect(unknown.headers.get('content-type')).toBe(known.headers.get('content-type'));
    });

    it('a pending institution makes no account: the e-mail it "created" can still be registered by its owner', async () => {
      const { attacker, institutionId } = await attackerInstitution();
      const email = `fresh-${Date.now().toString(36)}@probe-create.test`;
      const added = await api('POST', `/institutions/${institutionId}/members`, attacker, { email, name: 'Not Yet', create_account: true });
      expect(added.status).toBe(202);
      await pause(1000);
      const own = await api('POST', '/auth/register', null, {
        name: 'Owner Of The Address',
        email,
        password: 'Probe-pass-2026!',
        role: 'learner',
      });
      expect(own.status).toBe(201);
    });

    it("suspending or removing cannot touch the victim's own sessions: the victim's token still works", async () => {
      const { attacker, institutionId } = await attackerInstitution();
      const victim = await target().register('learner', 'inst-sessions');
      await api('POST', `/institutions/${institutionId}/members`, attacker, { email: victim.email, create_account: false });
      // the attacker has no member of the victim to act on: the victim's user id and any guess answer 404
      const suspend = await api('PUT', `/institutions/${institutionId}/members/${victim.user.id}/status`, attacker, { is_suspended: true });
      const remove = await api('DELETE', `/institutions/${institutionId}/members/${victim.user.id}`, attacker);
      expect([suspend.status, remove.status]).toEqual([404, 404]);
      const invitations = await api<{ invitations: { id: string }[] }>('GET', `/institutions/${institutionId}/invitations`, attacker);
      for (const inv of invitations.body.invitations) {
        expect((await api('PUT', `/institutions/${institutionId}/members/${inv.id}/status`, attacker, { is_suspended: true })).status).toBe(
          404,
        );
        expect((await api('DELETE', `/institutions/${institutionId}/members/${inv.id}`, attacker)).status).toBe(404);
      }
      await pause(1000);
      const me = await api<{ id: string }>('GET', '/auth/me', victim);
      expect([me.status, me.body.id]).toEqual([200, victim.user.id]);
    });
  });
}
