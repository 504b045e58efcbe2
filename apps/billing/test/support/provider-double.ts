import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A payment provider's API played by a local HTTP server on 127.0.0.1 (Chapa, telebirr,
 * M-Pesa's Daraja): what the adapter talks to in its tests. A double answers each request
 * with `handle` ([status, JSON body]); `url` is its origin plus the provider's base path.
 */
export abstract class ProviderDouble {
  private server!: Server;
  url = '';

  constructor(private readonly basePath = '') {}

  async start(): Promise<void> {
    this.server = createServer(
      (req, res) =>
        void this.handle(req).then(([status, body]) =>
          res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body)),
        ),
    );
    await new Promise<void>((r) => this.server.listen(0, '127.0.0.1', r));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}${this.basePath}`;
  }

  stop(): Promise<void> {
    return new Promise((r) => this.server.close(() => r()));
  }

  protected abstract handle(req: IncomingMessage): Promise<[number, unknown]>;
}

/** A request's JSON body (an empty one as {}). */
export async function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString() || '{}') as Record<string, unknown>;
}
