/** The database schema: one file per table. drizzle-kit reads this file (see drizzle.config.ts). */
export * from './year.js';
export * from './site.js';
export * from './challenges.js';
export * from './clubs.js';
export * from './participations.js';
export * from './published-results.js';
export * from './newsletter-subscriptions.js';
export * from './newsletter-consent-log.js';
export * from './identity-users.js';
export * from './identity-codes.js';
export * from './identity-sessions.js';
export * from './identity-used-secret-blocks.js';
export * from './identity-signing-keys.js';
export * from './rate-limit-counters.js';
export * from './profiles.js';
