export * from './tokens.js';
export * from './revocation.js';
export * from './refresh-tokens.js';
export * from './download-links.js';
export * from './secret-tokens.js';
export * from './signed-token.js';
