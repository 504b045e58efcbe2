export * from './test-env.js';
export * from './test-service.js';
