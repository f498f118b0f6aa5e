/**
 * Runtime schemas of the wire (zod), the one source of the request and answer bodies they cover:
 * the server validates with them and the OpenAPI document shows them field by field; the types are
 * derived from them. An entry of its own: a public page loads zod only where it imports this.
 */
export * from '../api-paths.js';
export * from './api-registry.js';
export * from './common.js';
export * from './entities.js';
export * from './reach.js';
export * from './campaign.js';
export * from './entry-neighbours.js';
export * from './club-signup.js';
export * from './my-entries.js';
export * from './entries.js';
export * from './notifications.js';
export * from './club-fans.js';
export * from './operator-messages.js';
export * from './seasons.js';
export * from './accounts.js';
export * from './newsletter.js';
export * from './content.js';
export * from './votes.js';
export * from './moderation.js';
export * from './operators.js';
export * from './accounts-admin.js';
export * from './audit.js';
export * from './newsletter-admin.js';
export * from './results.js';
export * from './challenges-admin.js';
export * from './clubs-admin.js';
export * from './content-admin.js';
