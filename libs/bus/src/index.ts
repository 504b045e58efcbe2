export * from './connection.js';
export * from './wire.js';
export * from './rpc-client.js';
export * from './rpc-server.js';
export * from './outbox.js';
export * from './outbox-relay.js';
export * from './streams.js';
export * from './event-consumer.js';
