/** Browser entry of the contracts (a Module Federation singleton). The axios API client is `@erd/shared-contracts/http`, loaded on demand. */
export * from './wire.js';
export * from './runtime-config.js';
export * from './session/store.js';
export * from './session/member-club.js';
export * from './api/errors.js';
export * from './api/content.js';
export * from './api/use-space-data.js';
export * from './router.js';
export * from './document-title.js';
