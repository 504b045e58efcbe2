import type { Redis } from 'ioredis';

/**
 * The two Redis scripts of the platform boards. Each runs atomically in one round trip, so a
 * read sees one state of a board, and a write knows whether it changed the board's top page.
 *
 * `<board>:v` is the board's top-page version: a write bumps it only when the person written
 * stood, or now stands, within the top `page` places (or was removed). A reader may then keep a
 * top page it built at version v for as long as the version stays v: an award to someone far
 * below the top, the common case on a board of 100,000 people, costs the readers nothing.
 */
export const versionKey = (board: string): string => `${board}:v`;

/** KEYS: board, version. ARGV: page size, expire-at (unix s, or '' for none), then user/score pairs (score '' = remove). */
const WRITE = `
local page = tonumber(ARGV[1])
local bump = false
for i = 3, #ARGV, 2 do
  local user = ARGV[i]
  local before = redis.call('ZREVRANK', KEYS[1], user)
  if ARGV[i + 1] == '' then
    redis.call('ZREM', KEYS[1], user)
  else
    redis.call('ZADD', KEYS[1], ARGV[i + 1], user)
  end
  local after = redis.call('ZREVRANK', KEYS[1], user)
  if (before and before < page) or (after and after < page) then bump = true end
end
if bump then redis.call('INCR', KEYS[2]) end
if ARGV[2] ~= '' then
  redis.call('EXPIREAT', KEYS[1], ARGV[2])
  redis.call('EXPIREAT', KEYS[2], ARGV[2])
end
return bump and 1 or 0
`;

/**
 * KEYS: board, ready mark, version. ARGV: user, neighbours each side.
 * Answers {0} when the board is not built, else {1, version, size, position (-1: not on it),
 * first position of the window, how many score strictly more than the window's first, window}.
 * The version read is the board's build (the ready mark holds an id of the rebuild that made it:
 * after Redis lost its keys, a counter starting again cannot pass for an old one) and its counter.
 */
const READ = `
local built = redis.call('GET', KEYS[2])
if not built then return {0} end
local v = built .. '/' .. (redis.call('GET', KEYS[3]) or '0')
local size = redis.call('ZCARD', KEYS[1])
local pos = redis.call('ZREVRANK', KEYS[1], ARGV[1])
if not pos then return {1, v, size, -1} end
local around = tonumber(ARGV[2])
local from = pos - around
if from < 0 then from = 0 end
local win = redis.call('ZREVRANGE', KEYS[1], from, pos + around, 'WITHSCORES')
local above = redis.call('ZCOUNT', KEYS[1], '(' .. win[2], '+inf')
return {1, v, size, pos, from, above, win}
`;

export interface BoardRead {
  version: string;
  size: number;
  /** the caller's 0-based position, null when they are not on the board */
  pos: number | null;
  /** the caller's neighbourhood in board order: 0-based positions, scores, and the count strictly above its first */
  window: { from: number; above: number; members: Array<{ member: string; score: number }> } | null;
}

interface BoardCommands {
  lbWrite(board: string, version: string, ...args: Array<string | number>): Promise<number>;
  lbRead(board: string, ready: string, version: string, user: string, around: number): Promise<unknown[]>;
}

/** The scripts on one client (ioredis sends EVALSHA, and the script itself once when Redis does not know it yet). */
export class BoardScripts {
  private readonly r: BoardCommands;

  constructor(redis: Redis) {
    redis.defineCommand('lbWrite', { numberOfKeys: 2, lua: WRITE });
    redis.defineCommand('lbRead', { numberOfKeys: 3, lua: READ });
    this.r = redis as unknown as BoardCommands;
  }

  /** Sets (a score) or removes (null) each person on one board; answers whether its top `page` places changed. */
  async write(board: string, page: number, expireAt: number | null, scores: ReadonlyArray<[string, number | null]>): Promise<boolean> {
    const args = scores.flatMap(([user, xp]) => [user, xp === null ? '' : String(xp)]);
    return (await this.r.lbWrite(board, versionKey(board), page, expireAt === null ? '' : String(expireAt), ...args)) === 1;
  }

  /** One board's state around a user, atomically; null when the board is not built (its ready mark is missing). */
  async read(board: string, ready: string, user: string, around: number): Promise<BoardRead | null> {
    const res = await this.r.lbRead(board, ready, versionKey(board), user, around);
    if (Number(res[0]) === 0) return null;
    const version = String(res[1]);
    const size = Number(res[2]);
    const pos = Number(res[3]);
    if (pos < 0) return { version, size, pos: null, window: null };
    return { version, size, pos, window: { from: Number(res[4]), above: Number(res[5]), members: pairs(res[6] as string[]) } };
  }
}

/** ZRANGE … WITHSCORES answers [member, score, member, score, …]. */
export function pairs(flat: readonly string[]): Array<{ member: string; score: number }> {
  const out: Array<{ member: string; score: number }> = [];
  for (let i = 0; i + 1 < flat.length; i += 2) out.push({ member: flat[i]!, score: Number(flat[i + 1]) });
  return out;
}
