import { jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAtColumn } from '../columns.js';

/** Public half of an RS256 signing key as a JWK (what the JWKS document lists). */
export interface PublicJwk {
  kty: 'RSA';
  n: string;
  e: string;
  kid: string;
  alg: 'RS256';
  use: 'sig';
}

/**
 * RS256 keys of the identity service, created on first start and shared by all instances. The
 * private key is sealed (AES-256-GCM) with a key derived from APP_SECRET; the JWKS lists every row.
 */
export const identitySigningKeys = pgTable('identity_signing_keys', {
  kid: text('kid').primaryKey(),
  publicJwk: jsonb('public_jwk').$type<PublicJwk>().notNull(),
  privateKeySealed: text('private_key_sealed').notNull(),
  createdAt: createdAtColumn(),
});

export type IdentitySigningKeyRow = typeof identitySigningKeys.$inferSelect;
