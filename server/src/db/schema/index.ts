/** The database schema: one file per table. drizzle-kit reads this file (see drizzle.config.ts). */
export * from './year.js';
export * from './site.js';
export * from './challenges.js';
export * from './clubs.js';
export * from './participations.js';
export * from './published-results.js';
export * from './newsletter-subscriptions.js';
export * from './newsletter-consent-log.js';
