export * from './test-env.js';
export * from './test-service.js';
export * from './test-calls.js';
