import type { AuditAction } from '@erd/shared-contracts/backoffice';
import type {
  NewsletterConsentLogDto,
  NewsletterSortDto,
  NewsletterStatusDto,
  NewsletterSubscriberDto,
  NewsletterSubscriberPageDto,
} from '@erd/shared-contracts/backoffice';
import type { AppContext } from '../../context.js';
import type { NewsletterSubscriptionRow } from '../../db/schema/index.js';
import { NotFoundError, ValidationError } from '../../errors.js';
import { isValidEmail, normalizeEmail } from '../../lib/email.js';
import { appendAudit, formatBerlin, reasonOf, type Actor } from '../audit/service.js';
import { CSV_BOM, csvLine } from '../audit/csv.js';
import * as newsletterRepo from '../newsletter/repository.js';
import { listSubscribers } from '../newsletter/service.js';
import * as repo from './repository.js';

/**
 * The newsletter in the back office (issue 8): both roles read the subscriptions and the consent
 * log; admins export the subscribers (the same query as the command line's `newsletter-export`)
 * and unsubscribe an address with a reason, with the same effect as the footer link of a mail:
 * status `unsubscribed`, a consent record, and an audit row in the same transaction.
 */

export const SUBSCRIBER_PAGE_SIZE = 25;
export const SUBSCRIBER_MAX_PAGE_SIZE = 100;
/** Not yet in the contracts' AUDIT_ACTIONS (a colleague's file in progress); the log's column is free text. */
export const NEWSLETTER_UNSUBSCRIBE_ACTION = 'newsletter-unsubscribe' as AuditAction;
export const UNSUBSCRIBE_REASON_MESSAGE = 'Gib einen Grund für die Abmeldung an (3 bis 500 Zeichen).';
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

export interface SubscriberQueryInput {
  query?: string;
  status?: NewsletterStatusDto;
  sort?: NewsletterSortDto;
  from?: number;
  size?: number;
}

/** GET /api/operator/newsletter/subscribers */
export async function listSubscriptionsForOperator({
  ctx,
  input,
}: {
  ctx: Pick<AppContext, 'db'>;
  input: SubscriberQueryInput;
}): Promise<NewsletterSubscriberPageDto> {
  const from = input.from ?? 0;
  const size = Math.min(input.size ?? SUBSCRIBER_PAGE_SIZE, SUBSCRIBER_MAX_PAGE_SIZE);
  const query = input.query?.trim().toLowerCase() || undefined;
  const { rows, total } = await repo.listSubscriptions(ctx.db, { query, status: input.status ?? 'confirmed' }, { offset: from, limit: size, sort: input.sort });
  return { items: rows.map(toDto), total, from, size };
}

/** GET /api/operator/newsletter/consent-log?email= */
export async function consentLogForOperator({
  ctx,
  input,
}: {
  ctx: Pick<AppContext, 'db'>;
  input: { email?: string };
}): Promise<NewsletterConsentLogDto> {
  if (!isValidEmail(input.email)) throw new ValidationError('Gib eine gültige Emailadresse an', { field: 'email' });
  const email = normalizeEmail(input.email);
  const rows = await repo.consentLogOf(ctx.db, email);
  return {
    email,
    items: rows.map((row) => ({ at: row.at.toISOString(), action: row.action, textVersion: row.textVersion, ipHash: row.ipHash })),
  };
}

const CSV_HEADER = ['E-Mail', 'Bestätigt (Europe/Berlin)', 'Einwilligungstext'];

/**
 * GET /api/operator/newsletter/subscribers.csv: the confirmed subscribers, as `newsletter-export`
 * finds them. Taking personal data out of the system is audited (who, when, how many; not the
 * addresses themselves).
 */
export async function subscribersCsv({
  ctx,
  input,
}: {
  ctx: Pick<AppContext, 'db' | 'now'>;
  input: { actor: Actor };
}): Promise<{ total: number; text: string }> {
  const subscribers = await listSubscribers({ ctx });
  await appendAudit(ctx.db, {
    action: 'newsletter-export',
    operatorId: input.actor.operatorId,
    actor: input.actor.name,
    subjectType: 'newsletter',
    subjectId: 'Abonnenten',
    reason: null,
    details: { exported: subscribers.length, format: 'csv' },
    at: ctx.now(),
  });
  const lines = subscribers.map((s) => csvLine([s.email, formatBerlin(s.confirmedAt), s.consentTextVersion]));
  return { total: subscribers.length, text: CSV_BOM + csvLine(CSV_HEADER) + lines.join('') };
}

/** POST /api/operator/newsletter/subscribers/:id/unsubscribe (admin, with a reason). */
export async function unsubscribeByOperator({
  ctx,
  input,
}: {
  ctx: Pick<AppContext, 'db' | 'now'>;
  input: { id: number; reason: unknown; actor: Actor };
}): Promise<NewsletterSubscriberDto> {
  const reason = reasonOf(input.reason, true, UNSUBSCRIBE_REASON_MESSAGE);
  return ctx.db.transaction(async (tx) => {
    const row = await repo.findByIdForUpdate(tx, input.id);
    if (!row) throw new NotFoundError(NOT_FOUND_MESSAGE);
    if (row.status === 'unsubscribed') return toDto(row);
    const now = ctx.now();
    await newsletterRepo.markUnsubscribed(tx, row.id, now);
    await newsletterRepo.logConsent(tx, { email: row.email, action: 'unsubscribe', textVersion: row.consentTextVersion, at: now, ipHash: null });
    await appendAudit(tx, {
      action: NEWSLETTER_UNSUBSCRIBE_ACTION,
      operatorId: input.actor.operatorId,
      actor: input.actor.name,
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
