import type { INestApplicationContext } from '@nestjs/common';
import type { CustomTransportStrategy } from '@nestjs/microservices';
import { BusBinder } from './bus-binder.js';

/**
 * The bus as a Nest transport: a service is a Nest microservice (NestFactory.createMicroservice
 * with this strategy), and `app.listen()` is what starts it taking requests and events, after
 * every module is initialised. The routes, events and the outbox stay ours (libs/bus): Nest's
 * own NATS transport has no request signing, no outbox and no inbox, and its @MessagePattern
 * handlers would bypass the route table's validation and guards.
 */
export class BusTransport implements CustomTransportStrategy {
  private binder: BusBinder | null = null;

  /** The app whose @Handles/@OnEvent methods this transport serves (set before `listen`). */
  serve(app: INestApplicationContext): this {
    this.binder = app.get(BusBinder);
    return this;
  }

  listen(callback: (error?: unknown) => void): void {
    if (!this.binder) {
      callback(new Error('BusTransport.serve(app) must be called before app.listen()'));
      return;
    }
    this.binder.start().then(() => callback(), callback);
  }

  /** Stops taking requests and events; the in-flight ones finish, then the app's shutdown hooks close the connections. */
  async close(): Promise<void> {
    await this.binder?.stopTaking();
  }
}
