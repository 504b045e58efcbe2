export * from './test-env.js';
export * from './test-service.js';
export * from './test-calls.js';
export * from './expect-app-error.js';
export * from './pdf-text.js';
export * from './redis-keys.js';
export * from './time-zones.js';
