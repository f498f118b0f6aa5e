import fs from 'node:fs';
import path from 'node:path';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from './client.js';

/**
 * Two database roles (docs/deployment.md, "An app role that owns no table"): the OWNER owns the
 * schema and runs the migrations (`cli.js migrate`, with `DATABASE_MIGRATION_URL`); the APP role
 * (`DATABASE_URL` of the instances) owns nothing and gets only the rights the product needs. On
 * the audit log that is SELECT and INSERT: without UPDATE, DELETE or TRUNCATE the append-only
 * trigger of migration 0011 is never reached, so its maintenance switch (`SET LOCAL
 * erd.audit_maintenance`) does nothing for the app role, and DISABLE TRIGGER needs the owner.
 * One role for both (the single-role setup, and the embedded PGlite) works as before.
 */

/** Any number for the advisory lock that serialises migrations (and grants) of several instances and migration steps. */
export const MIGRATION_LOCK_KEY = 4_2026_0001;

/** Who a connection is, and whether it may migrate (owns the schema, or may create it). */
export interface DatabaseRole {
  user: string;
  /** Owner of drizzle's migrations table; null while the database has no schema yet. */
  owner: string | null;
  canMigrate: boolean;
}

/** `DatabaseRole` of the connection it runs on (a member of the owner role may act as it). */
export const ROLE_QUERY = `
  select current_user::text as "user", t.tableowner::text as "owner",
         case when t.tableowner is null then has_database_privilege(current_database(), 'CREATE')
              else pg_has_role(current_user, t.tableowner, 'USAGE') end as "canMigrate"
    from (select 1) as one
    left join pg_tables t on t.schemaname = 'drizzle' and t.tablename = '__drizzle_migrations'`;

/** The last applied migration (drizzle applies those whose folder time is later). */
export const LAST_MIGRATION_QUERY = `select created_at from drizzle.__drizzle_migrations order by created_at desc limit 1`;

/** The instance's start needs a migration it may not run; the message says what to do (German and English). */
export class DatabaseRoleError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DatabaseRoleError';
  }
}

const MIGRATE_COMMAND = 'DATABASE_MIGRATION_URL=<owner> DATABASE_URL=<app> node server/dist/cli.js migrate';

/**
 * The tags of the migrations not yet applied (`lastCreatedAt`: null = none applied), by drizzle's
 * rule: a migration runs when its journal time (`when`) is later than the last one applied.
 */
export function pendingMigrations(migrationsFolder: string, lastCreatedAt: number | null): string[] {
  const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
    entries: Array<{ when: number; tag: string }>;
  };
  return journal.entries.filter((entry) => lastCreatedAt === null || lastCreatedAt < entry.when).map((entry) => entry.tag);
}

/** The error an app role's start ends with when the schema is missing or behind. */
export function pendingError(role: DatabaseRole, pending: string[]): DatabaseRoleError {
  const owner = role.owner ? ` (Eigentümer/owner: "${role.owner}")` : '';
  const list = pending.join(', ');
  const what = role.owner
    ? { de: `${pending.length} Migration(en) stehen aus (${list})`, en: `${pending.length} migration(s) are pending (${list})` }
    : { de: 'die Datenbank hat noch kein Schema', en: 'the database has no schema yet' };
  return new DatabaseRoleError(
    `Die Datenbankrolle "${role.user}" besitzt das Schema nicht${owner} und migriert deshalb nicht, aber ${what.de}. ` +
      `Als Eigentümer ausführen: ${MIGRATE_COMMAND}, dann die Instanzen starten (docs/deployment.md). / ` +
      `The database role "${role.user}" does not own the schema${owner}, so it does not migrate, but ${what.en}. ` +
      `Run as the owner: ${MIGRATE_COMMAND}, then start the instances (docs/deployment.md).`,
  );
}

/** An app role that may not even read drizzle's migrations table has not been granted its rights. */
export function ungrantedError(role: string): DatabaseRoleError {
  return new DatabaseRoleError(
    `Die Datenbankrolle "${role}" darf die Migrationstabelle nicht lesen: ihre Rechte fehlen. Als Eigentümer ausführen: ${MIGRATE_COMMAND} (vergibt sie). / ` +
      `The database role "${role}" may not read the migrations table: its grants are missing. Run as the owner: ${MIGRATE_COMMAND} (grants them).`,
  );
}

/** The rows of a query (both drivers answer `{ rows }`). */
async function rowsOf<T>(db: Pick<Db, 'execute'>, query: SQL): Promise<[T, ...T[]]> {
  return ((await db.execute(query)) as unknown as { rows: [T, ...T[]] }).rows;
}

/** The schemas the product uses: its tables, drizzle's migrations table, pg-boss's jobs. */
const TABLE_SCHEMAS = ['public', 'pgboss'] as const;
const AUDIT_TABLE = 'moderation_log';

/**
 * Grants the app role what the product needs, and no more, on everything the connection's role
 * (the owner) has created; default privileges cover the tables and sequences its later
 * migrations (and pg-boss's new queue partitions) create, and `cli.js migrate` grants again
 * after each run anyway. The audit log: SELECT and INSERT only.
 */
export async function grantAppRole(db: Db, role: string): Promise<void> {
  const app = sql.identifier(role);
  const schemas = sql.join(
    TABLE_SCHEMAS.map((s) => sql.identifier(s)),
    sql`, `,
  );
  const audit = sql`public.${sql.identifier(AUDIT_TABLE)}`;
  await db.transaction(async (tx) => {
    // Two migration steps at once: concurrent GRANTs on one object fail ("tuple concurrently updated").
    await tx.execute(sql`select pg_advisory_xact_lock(${MIGRATION_LOCK_KEY})`);
    const [{ name, connect }] = await rowsOf<{ name: string; connect: boolean }>(
      tx,
      sql`select current_database() as name, has_database_privilege(${role}, current_database(), 'CONNECT') as connect`,
    );
    if (!connect) await tx.execute(sql`grant connect on database ${sql.identifier(name)} to ${app}`);
    await tx.execute(sql`grant usage on schema ${schemas}, drizzle to ${app}`);
    await tx.execute(sql`grant select, insert, update, delete on all tables in schema ${schemas} to ${app}`);
    await tx.execute(sql`grant usage on all sequences in schema ${schemas} to ${app}`);
    await tx.execute(sql`grant select on drizzle.__drizzle_migrations to ${app}`);
    await tx.execute(sql`alter default privileges in schema ${schemas} grant select, insert, update, delete on tables to ${app}`);
    await tx.execute(sql`alter default privileges in schema ${schemas} grant usage on sequences to ${app}`);
    await tx.execute(sql`revoke all on table ${audit} from ${app}`);
    await tx.execute(sql`grant select, insert on table ${audit} to ${app}`);
  });
}

/**
 * What the app role could still do that it must not (empty = nothing): be a superuser or act as
 * the owner, change or empty the audit log, create objects in the product's schemas (where the
 * owner's migrations would find them).
 */
export async function appRoleProblems(db: Db, role: string): Promise<string[]> {
  const [row] = await rowsOf<{ exists: boolean; superuser: boolean; owner: boolean; audit: string | null; create: string | null }>(
    db,
    sql`
    select r.rolname is not null as "exists",
           coalesce(r.rolsuper, false) as superuser,
           r.rolname is not null and pg_has_role(${role}, (select tableowner from pg_tables where schemaname = 'public' and tablename = ${AUDIT_TABLE}), 'USAGE') as owner,
           case when r.rolname is null then null else (
             select string_agg(p, ', ') from unnest(array['UPDATE', 'DELETE', 'TRUNCATE', 'TRIGGER']) as p
              where has_table_privilege(${role}, ${`public.${AUDIT_TABLE}`}, p)) end as audit,
           case when r.rolname is null then null else (
             select string_agg(s, ', ') from unnest(array['public', 'drizzle', 'pgboss']) as s
              where has_schema_privilege(${role}, s, 'CREATE')) end as "create"
      from (select 1) as one left join pg_roles r on r.rolname = ${role}`,
  );
  if (!row.exists) return [`role "${role}" does not exist (CREATE ROLE "${role}" LOGIN PASSWORD '…')`];
  const problems: string[] = [];
  if (row.superuser) problems.push(`"${role}" is a superuser`);
  else if (row.owner) problems.push(`"${role}" may act as the owner of the tables`);
  if (row.audit) problems.push(`"${role}" has ${row.audit} on ${AUDIT_TABLE}`);
  if (row.create) problems.push(`"${role}" may create objects in schema ${row.create}`);
  return problems;
}
