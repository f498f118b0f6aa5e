import { defineConfig } from 'drizzle-kit';

/**
 * `npm run db:generate -w server` writes a new SQL migration to `drizzle/` from the schema in
 * `src/db/schema/`. Migrations are committed and applied on server start (PGlite or PostgreSQL).
 */
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema/*.ts',
  out: './drizzle',
  casing: undefined,
  strict: true,
  verbose: true,
});
