/**
 * Server-sent events framing (https://html.spec.whatwg.org/multipage/server-sent-events.html).
 * A payload is JSON on one `data:` line: JSON.stringify escapes every line break inside
 * strings, so a message's text can never end a frame early or forge a field.
 */
export const sseEvent = (name: string, payload: unknown): string => `event: ${oneLine(name)}\ndata: ${JSON.stringify(payload)}\n\n`;

export const sseComment = (text: string): string => `: ${oneLine(text)}\n\n`;

export const sseRetry = (ms: number): string => `retry: ${Math.max(0, Math.floor(ms))}\n\n`;

/** Field names and comments are ours, but a line break in one would still break the frame. */
const oneLine = (s: string): string => s.replace(/[\r\n]+/g, ' ');
