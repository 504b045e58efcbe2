export * from './tokens.js';
export * from './revocation.js';
