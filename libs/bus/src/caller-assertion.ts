import { createPrivateKey, createPublicKey, generateKeyPairSync, sign, verify, type KeyObject } from 'node:crypto';
import { AppError, ROLES, type Caller, type Role, CommonErrorCode } from '@lp/contracts';

/**
 * Who a request is for, proven rather than asserted. The gateway (the only holder of the
 * private key) signs the caller it authenticated; every service verifies the signature with
 * the public key before it believes the caller. A process that reaches NATS without the
 * private key cannot act for anyone, and a service that is broken into cannot forge callers
 * towards the others (it holds only the public key).
 *
 * Wire form, one header: `v1.<payload base64url>.<Ed25519 signature base64url>`, where the
 * payload is `{sub, role, sid, inst, exp}`. `exp` bounds replay of a captured header to
 * ASSERTION_TTL_SECONDS; revocation itself is checked by the gateway on every request.
 */
export const CALLER_HEADER = 'x-caller';
export const ASSERTION_TTL_SECONDS = 120;

interface AssertionPayload {
  sub: string;
  role: Role;
  sid: string;
  inst: string | null;
  exp: number;
  /** an institution API key's id, institution and permissions, when a key made the request */
  key?: { id: string; inst: string; perms: string[] };
}

/** A fresh Ed25519 key pair as base64 DER (PKCS#8 private, SPKI public): what the env settings hold. */
export function generateCallerKeys(): { privateKey: string; publicKey: string } {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  return {
    privateKey: privateKey.export({ format: 'der', type: 'pkcs8' }).toString('base64'),
    publicKey: publicKey.export({ format: 'der', type: 'spki' }).toString('base64'),
  };
}

/** The public half of a private key setting (the dev fallback derives it instead of storing both). */
export function publicKeyOf(privateKeyB64: string): string {
  return createPublicKey(loadPrivate(privateKeyB64)).export({ format: 'der', type: 'spki' }).toString('base64');
}

function loadPrivate(b64: string): KeyObject {
  const key = createPrivateKey({ key: Buffer.from(b64, 'base64'), format: 'der', type: 'pkcs8' });
  if (key.asymmetricKeyType !== 'ed25519') throw new Error('the caller signing key must be an Ed25519 key');
  return key;
}

function loadPublic(b64: string): KeyObject {
  const key = createPublicKey({ key: Buffer.from(b64, 'base64'), format: 'der', type: 'spki' });
  if (key.asymmetricKeyType !== 'ed25519') throw new Error('the caller verify key must be an Ed25519 key');
  return key;
}

const now = (): number => Math.floor(Date.now() / 1000);

/** Held by the gateway (and the development seed). Signatures are reused while well inside their lifetime. */
export class CallerSigner {
  private readonly key: KeyObject;
  private readonly cache = new Map<string, { header: string; exp: number }>();

  constructor(privateKeyB64: string) {
    this.key = loadPrivate(privateKeyB64);
  }

  sign(caller: Caller): string {
    const cacheKey = `${caller.userId}|${caller.role}|${caller.sessionId}|${caller.institutionId ?? ''}|${caller.apiKey ? `${caller.apiKey.institutionId}:${caller.apiKey.permissions.join(',')}` : ''}`;
    const t = now();
    const hit = this.cache.get(cacheKey);
    // a signature costs ~50 us: the same session's requests share one for half its lifetime
    if (hit && hit.exp - t > ASSERTION_TTL_SECONDS / 2) return hit.header;
    const payload: AssertionPayload = {
      sub: caller.userId,
      role: caller.role,
      sid: caller.sessionId,
      inst: caller.institutionId,
      exp: t + ASSERTION_TTL_SECONDS,
      ...(caller.apiKey ? { key: { id: caller.apiKey.id, inst: caller.apiKey.institutionId, perms: caller.apiKey.permissions } } : {}),
    };
    const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
    const sig = sign(null, Buffer.from(body), this.key).toString('base64url');
    const header = `v1.${body}.${sig}`;
    if (this.cache.size >= 10_000) this.cache.clear();
    this.cache.set(cacheKey, { header, exp: payload.exp });
    return header;
  }
}

/** Held by every service: turns a caller header into a Caller, or refuses it. */
export class CallerVerifier {
  private readonly key: KeyObject;
  private readonly cache = new Map<string, { caller: Caller; exp: number }>();

  constructor(publicKeyB64: string) {
    this.key = loadPublic(publicKeyB64);
  }

  /** null when there is no header; 401 when there is one that is not genuine or has expired. */
  verify(header: string | undefined | null): Caller | null {
    if (!header) return null;
    const t = now();
    const hit = this.cache.get(header);
    if (hit) {
      if (hit.exp >= t) return hit.caller;
      this.cache.delete(header);
      throw refused();
    }
    const [version, body, sig] = header.split('.');
    if (version !== 'v1' || !body || !sig) throw refused();
    let ok = false;
    try {
      ok = verify(null, Buffer.from(body), this.key, Buffer.from(sig, 'base64url'));
    } catch {
      ok = false;
    }
    if (!ok) throw refused();
    let p: AssertionPayload;
    try {
      p = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as AssertionPayload;
    } catch {
      throw refused();
    }
    if (
      typeof p.sub !== 'string' ||
      !p.sub ||
      typeof p.sid !== 'string' ||
      !(ROLES as readonly string[]).includes(p.role) ||
      typeof p.exp !== 'number'
    ) {
      throw refused();
    }
    if (p.exp < t) throw refused();
    const caller: Caller = { userId: p.sub, role: p.role, sessionId: p.sid, institutionId: p.inst ?? null };
    if (p.key) {
      if (typeof p.key.id !== 'string' || typeof p.key.inst !== 'string' || !Array.isArray(p.key.perms)) throw refused();
      caller.apiKey = {
        id: p.key.id,
        institutionId: p.key.inst,
        permissions: p.key.perms.filter((x): x is string => typeof x === 'string'),
      };
    }
    if (this.cache.size >= 10_000) this.cache.clear();
    this.cache.set(header, { caller, exp: p.exp });
    return caller;
  }
}

const refused = (): AppError =>
  AppError.unauthenticated('The caller of this request could not be verified', CommonErrorCode.CALLER_NOT_VERIFIED);
