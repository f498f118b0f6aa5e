import { OPERATOR_REASON_MAX_LENGTH, OPERATOR_REASON_MIN_LENGTH } from '@erd/shared-contracts/backoffice';
import type { AuditAction } from '@erd/shared-contracts/backoffice';
import type { NewsletterConsentLogDto, NewsletterSubscriberDto, NewsletterSubscriberPageDto } from '@erd/shared-contracts/backoffice';
import {
  NEWSLETTER_ADMIN_MAX_PAGE_SIZE,
  type newsletterAdminConsentLogQuerySchema,
  type newsletterAdminSubscriberQuerySchema,
} from '@erd/shared-contracts/schemas';
import type { z } from 'zod';
import type { AppContext, ServiceCall } from '../../context.js';
import type { Db } from '../../db/client.js';
import type { NewsletterSubscriptionRow } from '../../db/schema/index.js';
import { ForbiddenError, NotFoundError } from '../../errors.js';
import { csvFile } from '../../lib/csv.js';
import { normalizeEmail } from '../../lib/email.js';
import { actorFields, appendAudit, formatBerlin, type Actor } from '../audit/service.js';
import * as newsletterService from '../newsletter/service.js';
import { listSubscribers } from '../newsletter/service.js';
import * as repo from './repository.js';

/**
 * The newsletter in the back office (issue 8). Subscriber addresses are personal data that only
 * admins need (issue 22): admins read the subscriptions and the consent log, export the
 * subscribers (the command line's `newsletter-export` is this same export) and unsubscribe an
 * address with a reason, with the same effect as the footer link of a mail: status
 * `unsubscribed`, a consent record, and an audit row in the same transaction. Moderators get 403.
 * Every read of a list of addresses (a page of the list, the export) is a row of the audit log:
 * who, when, how many; never the addresses, nor the search text (a part of one).
 */

const FORBIDDEN_MESSAGE = 'Dafür fehlt dir die Berechtigung.';

/** Checked here, not only by the routes: the command line acts as admin. */
function assertAdmin(actor: Actor): void {
  if (actor.role !== 'admin') throw new ForbiddenError(FORBIDDEN_MESSAGE);
}

export const SUBSCRIBER_PAGE_SIZE = 25;
export const SUBSCRIBER_MAX_PAGE_SIZE = NEWSLETTER_ADMIN_MAX_PAGE_SIZE;
export const NEWSLETTER_UNSUBSCRIBE_ACTION: AuditAction = 'newsletter-unsubscribe';
export const UNSUBSCRIBE_REASON_MESSAGE = `Gib einen Grund für die Abmeldung an (${OPERATOR_REASON_MIN_LENGTH} bis ${OPERATOR_REASON_MAX_LENGTH} Zeichen).`;
export const NOT_FOUND_MESSAGE = 'Diese Adresse gibt es nicht.';

function toDto(row: NewsletterSubscriptionRow): NewsletterSubscriberDto {
  return {
    id: row.id,
    email: row.email,
    status: row.status,
    consentTextVersion: row.consentTextVersion,
    consentedAt: row.consentedAt.toISOString(),
    confirmedAt: row.confirmedAt?.toISOString() ?? null,
    unsubscribedAt: row.unsubscribedAt?.toISOString() ?? null,
  };
}

export type SubscriberQueryInput = z.output<typeof newsletterAdminSubscriberQuerySchema>;

/** The audit row of a read of the subscribers' addresses (a page shown, an export): who, when, how many, never the addresses. */
function auditSubscriberRead(
  db: Db,
  actor: Actor,
  action: 'newsletter-list' | 'newsletter-export',
  details: Record<string, unknown>,
  at: Date,
) {
  return appendAudit(db, { action, ...actorFields(actor), subjectType: 'newsletter', subjectId: 'Abonnenten', reason: null, details, at });
}

/** GET /api/operator/newsletter/subscribers (admin; each page read is audited as `newsletter-list`). */
export async function listSubscriptionsForOperator({
  ctx,
  input,
}: ServiceCall<Pick<AppContext, 'db' | 'now'>, SubscriberQueryInput & { actor: Actor }>): Promise<NewsletterSubscriberPageDto> {
  assertAdmin(input.actor);
  const from = input.from ?? 0;
  const size = Math.min(input.size ?? SUBSCRIBER_PAGE_SIZE, SUBSCRIBER_MAX_PAGE_SIZE);
  const query = input.query?.trim().toLowerCase() || undefined;
  const status = input.status ?? 'confirmed';
  return ctx.db.transaction(async (tx) => {
    const { rows, total } = await repo.listSubscriptions(tx, { query, status }, { offset: from, limit: size, sort: input.sort });
    // Written with the read (one transaction): no page of addresses leaves without its row.
    await auditSubscriberRead(
      tx,
      input.actor,
      'newsletter-list',
      { shown: rows.length, total, status, from, searched: query !== undefined },
      ctx.now(),
    );
    return { items: rows.map(toDto), total, from, size };
  });
}

/** GET /api/operator/newsletter/consent-log?email= */
export async function consentLogForOperator({
  ctx,
  input,
}: ServiceCall<
  Pick<AppContext, 'db'>,
  z.output<typeof newsletterAdminConsentLogQuerySchema> & { actor: Actor }
>): Promise<NewsletterConsentLogDto> {
  assertAdmin(input.actor);
  const email = normalizeEmail(input.email);
  const rows = await repo.consentLogOf(ctx.db, email);
  return {
    email,
    items: rows.map((row) => ({ at: row.at.toISOString(), action: row.action, textVersion: row.textVersion, ipHash: row.ipHash })),
  };
}

const CSV_HEADER = ['E-Mail', 'Bestätigt (Europe/Berlin)', 'Einwilligungstext'];

/**
 * The confirmed subscribers as CSV (lib/csv.ts): GET /api/operator/newsletter/subscribers.csv and
 * the command line's `newsletter-export` (actor `cli:<user>`). Taking personal data out of the
 * system is audited (who, when, how many; not the addresses themselves), in the read's transaction.
 */
export async function subscribersCsv({
  ctx,
  input,
}: ServiceCall<Pick<AppContext, 'db' | 'now'>, { actor: Actor }>): Promise<{ total: number; text: string }> {
  assertAdmin(input.actor);
  const subscribers = await ctx.db.transaction(async (tx) => {
    const found = await listSubscribers({ ctx: { db: tx } });
    await auditSubscriberRead(tx, input.actor, 'newsletter-export', { exported: found.length, format: 'csv' }, ctx.now());
    return found;
  });
  const rows = subscribers.map((s) => [s.email, formatBerlin(s.confirmedAt), s.consentTextVersion]);
  return { total: subscribers.length, text: csvFile(CSV_HEADER, rows) };
}

/** POST /api/operator/newsletter/subscribers/:id/unsubscribe (admin, with a reason). */
export async function unsubscribeByOperator({
  ctx,
  input,
}: ServiceCall<Pick<AppContext, 'db' | 'now'>, { id: number; reason: string; actor: Actor }>): Promise<NewsletterSubscriberDto> {
  assertAdmin(input.actor);
  const { reason } = input;
  return ctx.db.transaction(async (tx) => {
    const row = await repo.findByIdForUpdate(tx, input.id);
    if (!row) throw new NotFoundError(NOT_FOUND_MESSAGE);
    if (row.status === 'unsubscribed') return toDto(row);
    const now = ctx.now();
    await newsletterService.markUnsubscribed(tx, row.id, now);
    await newsletterService.logConsent(tx, {
      email: row.email,
      action: 'unsubscribe',
      textVersion: row.consentTextVersion,
      at: now,
      ipHash: null,
    });
    await appendAudit(tx, {
      action: NEWSLETTER_UNSUBSCRIBE_ACTION,
      ...actorFields(input.actor),
      subjectType: 'newsletter-subscription',
      subjectId: String(row.id),
      reason,
      details: { email: row.email, before: { status: row.status }, after: { status: 'unsubscribed' } },
      at: now,
    });
    const after = await repo.findById(tx, row.id);
    return toDto(after ?? row);
  });
}
