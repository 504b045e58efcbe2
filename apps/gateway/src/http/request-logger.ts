import type { Bindings, ChildLoggerOptions, Level, Logger } from 'pino';

const LEVELS: readonly Level[] = ['fatal', 'error', 'warn', 'info', 'debug', 'trace'];

/**
 * A request's logger (Fastify's `request.log`) that makes no pino child per request: a child
 * runs the logger's redaction over its bindings when it is made, and that was 28% of the
 * gateway's garbage per request (benchmark (i): the collections it caused were the leaderboard's
 * latency tail). Each line goes through the gateway's logger with the request's bindings merged
 * in, redacted there as any line is; a real child is made only for what asks for one.
 */
export function requestLogger(parent: Logger, bindings: Bindings, options: ChildLoggerOptions = {}): Logger {
  // a route with a level or serializers of its own (none today) gets the real child it asks for
  if (options.level || options.serializers) return parent.child(bindings, options);
  let child: Logger | null = null;
  const real = (): Logger => (child ??= parent.child(bindings, options));
  const line =
    (level: Level) =>
    (first?: unknown, ...rest: unknown[]): void => {
      if (child) return void (child[level] as (...a: unknown[]) => void)(first, ...rest);
      if (!parent.isLevelEnabled(level)) return;
      const write = parent[level] as (...a: unknown[]) => void;
      if (first instanceof Error) write.call(parent, { ...bindings, err: first }, ...(rest.length ? rest : [first.message]));
      else if (first !== null && typeof first === 'object') write.call(parent, { ...bindings, ...first }, ...rest);
      else write.call(parent, { ...bindings }, first, ...rest);
    };
  const methods: Record<string, unknown> = {
    child: (b: Bindings, o?: ChildLoggerOptions) => real().child(b, o),
    silent: () => undefined,
  };
  for (const level of LEVELS) methods[level] = line(level);
  // anything else (its level, bindings(), flush) from a real child, made on first use
  return new Proxy(parent, {
    get: (_target, key) => {
      if (typeof key === 'string' && key in methods) return methods[key];
      const target = real();
      const value = Reflect.get(target, key, target) as unknown;
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
    set: (_target, key, value) => Reflect.set(real(), key, value),
  });
}
