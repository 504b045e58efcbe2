/** One server-sent event as the stream delivers it. */
export interface SseEvent {
  event: string;
  data: string;
  id: string | null;
}

/**
 * Turns the bytes of a `text/event-stream` into events, as the HTML standard reads them:
 * `field: value` lines, a blank line ends an event, `:` lines are comments (keep-alives),
 * `retry:` sets the reconnection delay. Chunks may cut a line anywhere.
 */
export class SseParser {
  private buffer = '';
  private eventName = '';
  private dataLines: string[] = [];
  private lastId: string | null = null;
  /** the delay the server asked for with `retry:`, null until it does */
  retryMs: number | null = null;

  push(chunk: string): SseEvent[] {
    this.buffer += chunk;
    const events: SseEvent[] = [];
    for (;;) {
      const match = /\r\n|\r|\n/.exec(this.buffer);
      // a lone \r at the end may be the first half of \r\n: wait for the next chunk
      if (!match || (match[0] === '\r' && match.index === this.buffer.length - 1)) break;
      const line = this.buffer.slice(0, match.index);
      this.buffer = this.buffer.slice(match.index + match[0].length);
      const event = this.line(line);
      if (event) events.push(event);
    }
    return events;
  }

  private line(line: string): SseEvent | null {
    if (line === '') return this.dispatch();
    if (line.startsWith(':')) return null;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    switch (field) {
      case 'event':
        this.eventName = value;
        break;
      case 'data':
        this.dataLines.push(value);
        break;
      case 'id':
        if (!value.includes('\0')) this.lastId = value;
        break;
      case 'retry':
        if (/^\d+$/.test(value)) this.retryMs = Number(value);
        break;
      default:
        break;
    }
    return null;
  }

  private dispatch(): SseEvent | null {
    const hasData = this.dataLines.length > 0;
    const event: SseEvent = { event: this.eventName || 'message', data: this.dataLines.join('\n'), id: this.lastId };
    this.eventName = '';
    this.dataLines = [];
    return hasData ? event : null;
  }
}

/** The wait before reconnect attempt `attempt` (0-based): the server's delay, doubled per failure, capped, with jitter. */
export function backoffDelay(attempt: number, baseMs: number, maxMs = 30_000, random = Math.random): number {
  const exponential = Math.min(maxMs, baseMs * 2 ** Math.min(attempt, 10));
  // up to a fifth less, so a thousand tabs dropped together do not come back together
  return Math.round(exponential * (1 - random() * 0.2));
}
