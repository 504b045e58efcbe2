export * from './local-storage.js';
export * from './read-start.js';
