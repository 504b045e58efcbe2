import { z } from 'zod';

/**
 * A part of an answer already checked against its schema and encoded: for a large part that a
 * service answers to many callers as it is (a leaderboard's top 100 rows), checked and encoded
 * once when the service builds it rather than at every request. Checking and encoding that part
 * per request was most of the leaderboard's garbage (300 KB a request: a young-generation
 * collection every 60 ms at 200 requests/s) and with it the route's latency tail (benchmark (i)).
 *
 * A handler answers it in place of the value of one top-level field of its route's response;
 * the RPC server checks the rest of the answer as usual and splices the part in unchanged. It
 * accepts a part only if it was checked against that very field's schema.
 */
export class CheckedJson<T = unknown> {
  declare private readonly _type: T;

  private constructor(
    readonly schema: z.ZodType,
    readonly json: string,
  ) {}

  /** `value` checked (and stripped) by `schema`, then encoded; throws as `schema.parse` does. */
  static of<S extends z.ZodType>(schema: S, value: z.input<S>): CheckedJson<z.output<S>> {
    return new CheckedJson<z.output<S>>(schema, JSON.stringify(schema.parse(value)));
  }
}

/** An answer whose top-level fields may each be given as a CheckedJson of their own type. */
export type WithCheckedParts<T> = T extends object ? { [K in keyof T]: T[K] | CheckedJson<T[K]> } : T;

/** An answer already encoded as JSON (the encoder sends it as it is). */
export class EncodedAnswer {
  constructor(readonly json: string) {}
}

/** The schemas of a response without some fields, made once per schema and set of fields. */
const withoutCache = new WeakMap<z.ZodType, Map<string, z.ZodType>>();

/**
 * Checks `out` against `schema` when some of its top-level fields are CheckedJson parts: the
 * other fields with the schema less those fields, the parts by the identity of the schema they
 * were checked with. Answers null when `out` has no part (the caller checks it as usual), else
 * the encoded answer, as zod's safeParse answers. A part checked against another schema than its field's is a bug: thrown.
 */
export function checkWithParts(
  schema: z.ZodType,
  out: unknown,
): { success: true; data: EncodedAnswer } | { success: false; error: z.ZodError } | null {
  if (!out || typeof out !== 'object' || Array.isArray(out)) return null;
  const parts = Object.entries(out).filter((e): e is [string, CheckedJson] => e[1] instanceof CheckedJson);
  if (!parts.length) return null;
  if (!(schema instanceof z.ZodObject)) throw new Error('a checked part can only stand for a field of an object response');
  const shape = schema.shape as Record<string, z.ZodType>;
  for (const [key, part] of parts)
    if (shape[key] !== part.schema) throw new Error(`the answer's part "${key}" was checked against another schema than its field's`);
  const keys = parts.map(([key]) => key).sort();
  let byKeys = withoutCache.get(schema);
  if (!byKeys) withoutCache.set(schema, (byKeys = new Map()));
  const cacheKey = keys.join('\u0000');
  let rest = byKeys.get(cacheKey);
  if (!rest) byKeys.set(cacheKey, (rest = schema.omit(Object.fromEntries(keys.map((k) => [k, true])) as never)));
  const others = Object.fromEntries(Object.entries(out).filter(([, v]) => !(v instanceof CheckedJson)));
  const parsed = rest.safeParse(others);
  if (!parsed.success) return { success: false, error: parsed.error };
  const head = JSON.stringify(parsed.data);
  const tail = parts.map(([key, part]) => `${JSON.stringify(key)}:${part.json}`).join(',');
  return { success: true, data: new EncodedAnswer(head === '{}' ? `{${tail}}` : `${head.slice(0, -1)},${tail}}`) };
}
