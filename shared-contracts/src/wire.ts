/** The pure part of the contracts (no React, no browser APIs): what the server imports too. */
export * from './entities.js';
export * from './config.js';
export * from './routes.js';
export * from './storage-keys.js';
export * from './images.js';
export * from './time-state.js';
export * from './remotes.js';
export * from './validation.js';
export * from './accounts.js';
export * from './entries.js';
export * from './results.js';
export * from './page-slots.js';
export * from './content-queries.js';
export * from './http/xsrf.js';
export * from './content-links.js';
export * from './share.js';
