export * from './local-storage.js';
