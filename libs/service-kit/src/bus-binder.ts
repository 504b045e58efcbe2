import { Inject, Injectable, type BeforeApplicationShutdown, type OnApplicationShutdown } from '@nestjs/common';
import { DiscoveryService, MetadataScanner } from '@nestjs/core';
import type { NatsConnection } from '@nats-io/transport-node';
import type { Redis } from 'ioredis';
import { DataSource } from 'typeorm';
import {
  AppError,
  EVENT_CONSUMERS,
  systemSubjects,
  ExportUserDataRequest,
  type AnyRoute,
  type AppName,
  type EventDef,
  type InternalDef,
  type ServiceName,
  CommonErrorCode,
} from '@lp/contracts';
import { EventConsumer, OutboxRelay, RpcServer, type HandlerContext, type HandlerOptions, type RouteHandler } from '@lp/bus';
import { EVENT_META, EVENT_OPTIONS_META, EXPORT_META, INTERNAL_META, routesOf } from './decorators.js';
import { ENV, LOGGER, NATS, REDIS, SERVICE_OPTIONS } from './tokens.js';
import { type BaseEnv } from './config.js';
import { seedDoorOpen } from './dev-doors.js';
import type { Logger } from './logger.js';
import type { ServiceKitOptions } from './service-kit-options.js';

type Method = (...args: unknown[]) => Promise<unknown>;

/**
 * Finds @Handles/@HandlesInternal/@OnEvent/@ExportsUserData methods and binds them; owns the
 * bus lifecycle. Started by the bus transport (bus-transport.ts) when the app listens.
 */
@Injectable()
export class BusBinder implements BeforeApplicationShutdown, OnApplicationShutdown {
  private readonly startedAt = Date.now();
  readonly boundSubjects: string[] = [];
  private started = false;
  private stopped = false;

  constructor(
    private readonly discovery: DiscoveryService,
    private readonly scanner: MetadataScanner,
    @Inject(RpcServer) private readonly server: RpcServer,
    @Inject(EventConsumer) private readonly consumer: EventConsumer,
    @Inject(OutboxRelay) private readonly relay: OutboxRelay,
    @Inject(DataSource) private readonly ds: DataSource,
    @Inject(NATS) private readonly nc: NatsConnection,
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(LOGGER) private readonly log: Logger,
    @Inject(SERVICE_OPTIONS) private readonly opts: ServiceKitOptions,
    @Inject(ENV) private readonly env: BaseEnv,
  ) {}

  async start(): Promise<void> {
    if (this.started) return;
    this.started = true;
    const exporters: Array<(userId: string) => Promise<Record<string, unknown>>> = [];
    for (const wrapper of this.discovery.getProviders()) {
      const instance = wrapper.instance as Record<string, Method> | undefined;
      if (!instance || typeof instance !== 'object') continue;
      const proto = Object.getPrototypeOf(instance) as object;
      for (const name of this.scanner.getAllMethodNames(proto)) {
        const fn = instance[name]!.bind(instance);
        for (const route of routesOf(proto, name)) {
          this.server.route(route, fn as RouteHandler<AnyRoute>);
          this.boundSubjects.push(route.subject);
        }
        const internal = Reflect.getMetadata(INTERNAL_META, proto, name) as InternalDef | undefined;
        // demo-data subjects do not exist outside development (NATS does not permit them there
        // either), nor on a bus shared with other machines unless LP_DEV_DOORS=1 (dev-doors.ts)
        if (internal && (!internal.devOnly || seedDoorOpen(this.env))) {
          this.server.internal(internal, fn as (p: unknown, c: HandlerContext) => Promise<unknown>);
          this.boundSubjects.push(internal.subject);
        }
        const event = Reflect.getMetadata(EVENT_META, proto, name) as EventDef | undefined;
        if (event) {
          // the NATS permissions come from EVENT_CONSUMERS: an undeclared consumer would be refused at run time
          if (!(EVENT_CONSUMERS[this.opts.service as AppName] ?? []).includes(event)) {
            throw new Error(`${this.opts.service} consumes ${event.name} but libs/contracts EVENT_CONSUMERS does not declare it`);
          }
          this.consumer.on(event, fn as never, Reflect.getMetadata(EVENT_OPTIONS_META, proto, name) as HandlerOptions | undefined);
        }
        if (Reflect.getMetadata(EXPORT_META, proto, name)) exporters.push(fn as (u: string) => Promise<Record<string, unknown>>);
      }
    }
    const service = this.opts.service as ServiceName;
    this.server.raw(systemSubjects.health(service), async () => {
      const db =
        this.opts.database === false
          ? true
          : await this.ds.query('SELECT 1').then(
              () => true,
              () => false,
            );
      return { service, status: db ? 'ok' : 'degraded', db, uptime_s: Math.round((Date.now() - this.startedAt) / 1000) };
    });
    if (exporters.length) {
      this.server.raw(systemSubjects.exportUserData(service), async (payload) => {
        const parsed = ExportUserDataRequest.safeParse(payload);
        if (!parsed.success) throw AppError.badRequest(CommonErrorCode.BAD_REQUEST, 'user_id is required');
        const parts = await Promise.all(exporters.map((e) => e(parsed.data.user_id)));
        return { service, data: Object.assign({}, ...parts) as Record<string, unknown> };
      });
    }
    if (this.opts.database !== false) this.relay.start();
    await this.consumer.start();
    this.log.info({ subjects: this.boundSubjects.length, events: this.consumer.eventNames }, 'service ready');
  }

  /** No new requests or events; those in flight finish (the transport's close, then the shutdown hooks: once). */
  async stopTaking(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    await this.server.drain();
    await this.consumer.stop();
    await this.relay.stop();
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.stopTaking();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.nc.drain().catch(() => undefined);
    if (this.ds.isInitialized) await this.ds.destroy();
    this.redis.disconnect();
  }
}
