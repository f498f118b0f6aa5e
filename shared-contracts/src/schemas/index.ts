/**
 * Runtime schemas of the wire (zod), the one source of the request and answer bodies they cover:
 * the server validates with them and the OpenAPI document shows them field by field; the types are
 * derived from them. An entry of its own: a public page loads zod only where it imports this.
 */
export * from './common.js';
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
