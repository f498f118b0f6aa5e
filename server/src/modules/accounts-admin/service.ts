import { OPERATOR_REASON_MAX_LENGTH, OPERATOR_REASON_MIN_LENGTH } from '@erd/shared-contracts/backoffice';
import type { AuditAction } from '@erd/shared-contracts/backoffice';
import type { AccountAdminDto, AccountAdminPageDto } from '@erd/shared-contracts/backoffice';
import { ACCOUNT_ADMIN_MAX_PAGE_SIZE, accountAdminErrorCodeSchema, type accountAdminQuerySchema } from '@erd/shared-contracts/schemas';
import type { z } from 'zod';
import type { AppContext, ServiceCall } from '../../context.js';
import { CodedError, ConflictError, NotFoundError } from '../../errors.js';
import { normalizeSearch } from '../../lib/text.js';
import { builtinProvider } from '../accounts/service.js';
import { actorFields, appendAudit, type Actor } from '../audit/service.js';
import * as identity from '../identity/service.js';
import { IdentityError } from '../identity/errors.js';
import * as repo from './repository.js';

/**
 * Club accounts in the back office (issue 8). Both roles find and read accounts; admins resend
 * the confirmation code, block and unblock (with a reason) and delete (with a reason). Every write
 * is audited in its own transaction.
 *
 * Built-in identity service only. With IDENTITY_PROVIDER=cognito the accounts live in the user
 * pool, which this server does not list or change: every call answers 501
 * `NotAvailableWithCognito` with a German message (use the AWS console there).
 *
 * Blocking sets `identity_users.blocked_at`: sign-in then answers `NotAuthorizedException` 'User
 * is disabled.' (modules/identity/service.ts, after the password proved right), every session
 * ends at once (refresh tokens refused, access tokens refused by the API, which checks the
 * session), and the club's entries stay. Deleting is the member's own deletion
 * (`builtinProvider.deleteAccount`: identity user, profile, sessions, codes).
 */

type Ctx = Pick<AppContext, 'db' | 'config' | 'jobs' | 'log' | 'now' | 'secret' | 'identity' | 'cognito'>;

export const ACCOUNT_PAGE_SIZE = 25;
export const ACCOUNT_MAX_PAGE_SIZE = ACCOUNT_ADMIN_MAX_PAGE_SIZE;

/** Not yet in the contracts' AUDIT_ACTIONS (another area's file); the log's column is free text. */
const ACTIONS = {
  resendCode: 'account-resend-code',
  block: 'account-block',
  unblock: 'account-unblock',
  delete: 'account-delete',
} as const satisfies Record<string, string>;
const action = (name: keyof typeof ACTIONS) => ACTIONS[name] as AuditAction;

export const ACCOUNT_MESSAGES = {
  cognito: 'Mit Cognito als Identitätsdienst können Konten nicht im Backoffice verwaltet werden. Bitte nutze dafür die AWS-Konsole.',
  notFound: 'Dieses Konto gibt es nicht.',
  alreadyConfirmed: 'Dieses Konto ist schon bestätigt; ein Code wird nicht mehr gebraucht.',
  tooSoon: 'Ein Code wurde gerade erst gesendet. Bitte warte eine Minute.',
  alreadyBlocked: 'Dieses Konto ist schon gesperrt.',
  notBlocked: 'Dieses Konto ist nicht gesperrt.',
  reason: `Gib einen Grund an (${OPERATOR_REASON_MIN_LENGTH} bis ${OPERATOR_REASON_MAX_LENGTH} Zeichen).`,
} as const;

export function assertBuiltIn(ctx: Pick<AppContext, 'config'>): void {
  if (ctx.config.identity.provider === 'cognito')
    throw new CodedError(501, accountAdminErrorCodeSchema.enum.NotAvailableWithCognito, ACCOUNT_MESSAGES.cognito);
}

function toDto(row: repo.AccountRow): AccountAdminDto {
  const { user, club } = row;
  return {
    sub: user.sub,
    email: user.email,
    club: club ? { id: club.id, clubnumber: club.clubnumber, clubname: club.clubname, team: club.team } : null,
    state: user.status,
    createdAt: user.createdAt.toISOString(),
    confirmedAt: user.confirmedAt?.toISOString() ?? null,
    blocked: !!user.blockedAt,
    blockedAt: user.blockedAt?.toISOString() ?? null,
    blockedReason: user.blockedReason,
  };
}

/** What an audit row keeps of an account (no password data: neither salt nor verifier). */
function snapshot(row: repo.AccountRow): Record<string, unknown> {
  return {
    email: row.user.email,
    state: row.user.status,
    clubId: row.club?.id ?? row.profile?.clubId ?? null,
    blocked: !!row.user.blockedAt,
  };
}

/** GET /api/operator/accounts */
export async function listAccountsForOperator({
  ctx,
  input,
}: ServiceCall<Pick<AppContext, 'db' | 'config'>, z.output<typeof accountAdminQuerySchema>>): Promise<AccountAdminPageDto> {
  assertBuiltIn(ctx);
  const from = input.from ?? 0;
  const size = Math.min(input.size ?? ACCOUNT_PAGE_SIZE, ACCOUNT_MAX_PAGE_SIZE);
  const query = input.query?.trim() ?? '';
  const filter: repo.AccountFilter = query ? { emailPrefix: query.toLowerCase(), clubText: normalizeSearch(query) || undefined } : {};
  const { rows, total } = await repo.listAccounts(ctx.db, filter, { offset: from, limit: size, sort: input.sort });
  return { items: rows.map(toDto), total, from, size };
}

/** GET /api/operator/accounts/:sub */
export async function getAccountForOperator({
  ctx,
  input,
}: ServiceCall<Pick<AppContext, 'db' | 'config'>, { sub: string }>): Promise<AccountAdminDto> {
  assertBuiltIn(ctx);
  const row = await repo.findAccount(ctx.db, input.sub);
  if (!row) throw new NotFoundError(ACCOUNT_MESSAGES.notFound);
  return toDto(row);
}

/**
 * An admin's change to the account `sub`: with Cognito 501 first; then, in one transaction, the
 * account locked (404 when there is none) and handed to `change`.
 */
async function changeAccount<T>(ctx: Ctx, sub: string, change: (tx: Ctx, row: repo.AccountRow) => Promise<T>): Promise<T> {
  assertBuiltIn(ctx);
  return identity.inTransaction(ctx, async (tx) => {
    const row = await repo.findAccount(tx.db, sub, true);
    if (!row) throw new NotFoundError(ACCOUNT_MESSAGES.notFound);
    return change(tx, row);
  });
}

/** The audit row of an admin's change to the account of `row`, written in the change's transaction. */
function auditAccount(
  tx: Ctx,
  row: repo.AccountRow,
  entry: { name: keyof typeof ACTIONS; actor: Actor; reason: string | null; details: Record<string, unknown>; at: Date },
): Promise<void> {
  return appendAudit(tx.db, {
    action: action(entry.name),
    ...actorFields(entry.actor),
    subjectType: 'account',
    subjectId: row.user.sub,
    reason: entry.reason,
    details: entry.details,
    at: entry.at,
  });
}

/** POST …/resend-code: a new sign-up code mailed as the member's own resend does; unconfirmed accounts only. */
export async function resendCodeByOperator({ ctx, input }: { ctx: Ctx; input: { sub: string; actor: Actor } }): Promise<AccountAdminDto> {
  return changeAccount(ctx, input.sub, async (tx, row) => {
    if (row.user.status === 'CONFIRMED') throw new ConflictError(ACCOUNT_MESSAGES.alreadyConfirmed);
    try {
      await identity.sendCode({ ctx: tx, input: { user: row.user, purpose: 'signup' } });
    } catch (error) {
      if (error instanceof IdentityError && error.type === 'LimitExceededException')
        throw new CodedError(429, accountAdminErrorCodeSchema.enum.LimitExceeded, ACCOUNT_MESSAGES.tooSoon);
      throw error;
    }
    await auditAccount(tx, row, {
      name: 'resendCode',
      actor: input.actor,
      reason: null,
      details: { email: row.user.email, state: row.user.status },
      at: tx.now(),
    });
    return toDto(row);
  });
}

/** An admin's change with a reason to the account `sub` (block, unblock, delete). */
interface ReasonedChange {
  ctx: Ctx;
  input: { sub: string; reason: string; actor: Actor };
}

/**
 * Blocking or unblocking as `changeAccount`: `change` sets the block (or refuses with 409), then
 * the account as it is after it is audited beside what it was (`before`: its snapshot, unless
 * given) and answered.
 */
function changeBlock(
  { ctx, input }: ReasonedChange,
  name: 'block' | 'unblock',
  change: (tx: Ctx, row: repo.AccountRow, now: Date) => Promise<void>,
  before: (row: repo.AccountRow) => Record<string, unknown> = snapshot,
): Promise<AccountAdminDto> {
  return changeAccount(ctx, input.sub, async (tx, row) => {
    const now = tx.now();
    await change(tx, row, now);
    const after = (await repo.findAccount(tx.db, row.user.sub))!;
    await auditAccount(tx, row, {
      name,
      actor: input.actor,
      reason: input.reason,
      details: { before: before(row), after: snapshot(after) },
      at: now,
    });
    return toDto(after);
  });
}

/** POST …/block `{ reason }`: no sign-in, every session ends at once; entries stay. */
export async function blockAccount(change: ReasonedChange): Promise<AccountAdminDto> {
  return changeBlock(change, 'block', async (tx, row, now) => {
    if (!(await repo.block(tx.db, row.user.sub, change.input.reason, now))) throw new ConflictError(ACCOUNT_MESSAGES.alreadyBlocked);
    await identity.signOutEverywhere({ ctx: tx, input: { sub: row.user.sub } });
  });
}

/** POST …/unblock `{ reason }`: the member may sign in again (old sessions stay ended). */
export async function unblockAccount(change: ReasonedChange): Promise<AccountAdminDto> {
  return changeBlock(
    change,
    'unblock',
    async (tx, row, now) => {
      if (!row.user.blockedAt) throw new ConflictError(ACCOUNT_MESSAGES.notBlocked);
      await repo.unblock(tx.db, row.user.sub, now);
    },
    (row) => ({ ...snapshot(row), blockedReason: row.user.blockedReason }),
  );
}

/** POST …/delete `{ reason }`: the member's own deletion (identity user, profile, sessions, codes); the club's entries stay. */
export async function deleteAccountByOperator({ ctx, input }: ReasonedChange): Promise<{ sub: string; deleted: true }> {
  const { reason } = input;
  return changeAccount(ctx, input.sub, async (tx, row) => {
    await builtinProvider.deleteAccount(tx, { sub: row.user.sub, accessToken: null });
    await auditAccount(tx, row, {
      name: 'delete',
      actor: input.actor,
      reason,
      details: {
        deleted: {
          ...snapshot(row),
          createdAt: row.user.createdAt.toISOString(),
          confirmedAt: row.user.confirmedAt?.toISOString() ?? null,
          // Which data went, not the data itself: the person's name, address and phone are gone (decisions §3).
          profileDeleted: !!row.profile,
        },
      },
      at: tx.now(),
    });
    return { sub: row.user.sub, deleted: true as const };
  });
}
