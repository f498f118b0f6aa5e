import { randomUUID } from 'node:crypto';
import type { AuditAction } from '@erd/shared-contracts/backoffice';
import {
  type operatorMessageInputSchema,
  type OperatorMessageDto,
  type OperatorMessageFilter,
  type OperatorMessageListDto,
  type OperatorMessagePreviewDto,
  type OperatorMessageRecipientsDto,
  type OperatorMessageTestResultDto,
} from '@erd/shared-contracts/schemas';
import type { z } from 'zod';
import type { AppContext, ServiceCall } from '../../context.js';
import type { OperatorMessageRow } from '../../db/schema/index.js';
import { CodedError, ConflictError, NotFoundError, ValidationError } from '../../errors.js';
import { actorFields, appendAudit, type Actor } from '../audit/service.js';
import { occasionProgress, type OccasionProgress } from '../notifications/service.js';
import { queueNotificationsFrom } from '../notifications/service.js';
import { messageMail } from '../notifications/templates/messages.js';
import { consumeRateLimit, type RateLimitRule } from '../rate-limit/service.js';
import { htmlForPreview, PREVIEW_RECIPIENT, renderMessageMail } from './frame.js';
import * as repo from './repository.js';

/**
 * Operator messages (issue 25; admins only, the routes check the role): a draft is written and
 * changed, previewed as a club gets it, tested on the operator's own address, then sent once. The
 * send turns the draft into `sending` and queues one notification per matching account in the same
 * transaction (occasion `message:<id>`: unique per account), so a double click, a retried request
 * or two instances queue it once; the audit row names the filter and the count, never an address.
 * The message is `sent` once none of its mails waits any more (settled when it is read).
 */

type Ctx = Pick<AppContext, 'db' | 'config' | 'jobs' | 'now' | 'secret' | 'log'>;
type Input = z.output<typeof operatorMessageInputSchema>;

export const MESSAGE_AUDIT_ACTION: AuditAction = 'message-send';
export const MESSAGE_SUBJECT_TYPE = 'operator-message';
export const MESSAGE_LIST_LIMIT = 100;

const HOUR = 60 * 60_000;
/** Product rules (not abuse limits: RATE_LIMIT_SCALE leaves them): per operator. */
export const MESSAGE_RATE_LIMITS = {
  send: { name: 'operator-message-send', limit: 5, windowMs: HOUR, fixed: true },
  test: { name: 'operator-message-test', limit: 20, windowMs: HOUR, fixed: true },
} as const satisfies Record<string, RateLimitRule>;

export const MESSAGE_TEXTS = {
  notFound: 'Diese Nachricht gibt es nicht.',
  notDraft: 'Diese Nachricht ist schon gesendet und kann nicht mehr geändert werden.',
  unknownChallenge: 'Diese Challenge gibt es nicht.',
  noRecipients: 'Zu diesem Filter passt gerade kein Konto: Die Nachricht ginge an niemanden.',
  sendLimit: 'Du hast in der letzten Stunde schon 5 Nachrichten gesendet. Bitte warte etwas.',
  testLimit: 'Du hast schon viele Testmails gesendet. Bitte warte etwas.',
} as const;

export const occasionOf = (id: string) => `message:${id}`;

function toDto(row: OperatorMessageRow, progress: OccasionProgress | null): OperatorMessageDto {
  return {
    id: row.id,
    subject: row.subject,
    body: row.body,
    filter: repo.filterOf(row),
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
    recipients: row.recipients ?? null,
    progress,
  };
}

/** With its progress; a `sending` message with nothing waiting becomes `sent`. */
async function withProgress(ctx: Pick<AppContext, 'db'>, row: OperatorMessageRow): Promise<OperatorMessageDto> {
  if (row.status === 'draft') return toDto(row, null);
  const progress = await occasionProgress(ctx.db, occasionOf(row.id));
  if (row.status === 'sending' && progress.queued === 0) {
    await repo.markSent(ctx.db, row.id);
    return toDto({ ...row, status: 'sent' }, progress);
  }
  return toDto(row, progress);
}

async function checkFilter(ctx: Pick<AppContext, 'db'>, filter: OperatorMessageFilter): Promise<void> {
  if (filter.challengeId !== undefined && !(await repo.challengeExists(ctx.db, filter.challengeId))) {
    throw new ValidationError(MESSAGE_TEXTS.unknownChallenge, { field: 'filter.challengeId' });
  }
}

async function found(ctx: Pick<AppContext, 'db'>, id: string): Promise<OperatorMessageRow> {
  const row = await repo.findMessage(ctx.db, id);
  if (!row) throw new NotFoundError(MESSAGE_TEXTS.notFound);
  return row;
}

/** GET /api/operator/messages: newest first. */
export async function listMessages({ ctx }: { ctx: Pick<AppContext, 'db'> }): Promise<OperatorMessageListDto> {
  const rows = await repo.listMessages(ctx.db, MESSAGE_LIST_LIMIT);
  const items: OperatorMessageDto[] = [];
  for (const row of rows) items.push(await withProgress(ctx, row));
  return { items };
}

export async function getMessage({ ctx, input }: { ctx: Pick<AppContext, 'db'>; input: { id: string } }): Promise<OperatorMessageDto> {
  return withProgress(ctx, await found(ctx, input.id));
}

/** GET …/recipients: how many accounts the filter reaches now. */
export async function countMessageRecipients({
  ctx,
  input,
}: ServiceCall<Pick<AppContext, 'db'>, OperatorMessageFilter>): Promise<OperatorMessageRecipientsDto> {
  await checkFilter(ctx, input);
  return { recipients: await repo.countRecipients(ctx.db, input) };
}

/** POST /api/operator/messages: a new draft. */
export async function createDraft({ ctx, input }: { ctx: Ctx; input: { message: Input; actor: Actor } }): Promise<OperatorMessageDto> {
  await checkFilter(ctx, input.message.filter);
  const row = await repo.insertMessage(ctx.db, {
    id: randomUUID(),
    ...input.message,
    createdBy: input.actor.operatorId ?? input.actor.name,
    at: ctx.now(),
  });
  return toDto(row, null);
}

/** PUT …/{id}: a draft changed; 409 once it is sent. */
export async function updateDraft({ ctx, input }: { ctx: Ctx; input: { id: string; message: Input } }): Promise<OperatorMessageDto> {
  await checkFilter(ctx, input.message.filter);
  const row = await repo.updateDraft(ctx.db, input.id, { ...input.message, at: ctx.now() });
  if (row) return toDto(row, null);
  await found(ctx, input.id);
  throw new ConflictError(MESSAGE_TEXTS.notDraft);
}

/** GET …/{id}/preview: the mail as a club gets it, and how many would get it now. */
export async function previewMessage({ ctx, input }: { ctx: Ctx; input: { id: string } }): Promise<OperatorMessagePreviewDto> {
  const row = await found(ctx, input.id);
  const filter = repo.filterOf(row);
  const [mail, recipients] = await Promise.all([
    renderMessageMail(ctx, PREVIEW_RECIPIENT, messageMail(row)),
    repo.countRecipients(ctx.db, filter),
  ]);
  return { subject: mail.subject, html: htmlForPreview(mail), text: mail.text, recipients };
}

/** POST …/{id}/test: the mail to the operator's own address (subject marked 'Test:'); not counted, rate-limited. */
export async function sendTestMessage({
  ctx,
  input,
}: ServiceCall<Ctx, { id: string; actor: Actor }>): Promise<OperatorMessageTestResultDto> {
  const row = await found(ctx, input.id);
  const to = input.actor.name;
  if (!(await consumeRateLimit({ ctx, input: { rule: MESSAGE_RATE_LIMITS.test, subject: `operator:${input.actor.operatorId ?? to}` } }))) {
    throw new CodedError(429, 'LimitExceeded', MESSAGE_TEXTS.testLimit);
  }
  const content = messageMail(row);
  const mail = await renderMessageMail(ctx, PREVIEW_RECIPIENT, content);
  const { headers: _unsubscribe, ...message } = mail;
  await ctx.jobs.enqueue(ctx.db, 'mail', { to, ...message, subject: `Test: ${mail.subject}` });
  return { to };
}

/**
 * POST …/{id}/send: draft → sending and its mails queued, in one transaction, with the audit row.
 * A message that is no longer a draft (a second click, a parallel request) is answered as it
 * stands, nothing queued again. Over the operator's limit: 429, and the message stays a draft.
 */
export async function sendMessage({ ctx, input }: { ctx: Ctx; input: { id: string; actor: Actor } }): Promise<OperatorMessageDto> {
  const sent = await ctx.db.transaction(async (tx) => {
    const txCtx = { ...ctx, db: tx };
    const now = ctx.now();
    const row = await repo.claimDraft(tx, input.id, now);
    if (!row) return null;
    if (
      !(await consumeRateLimit({
        ctx: txCtx,
        input: { rule: MESSAGE_RATE_LIMITS.send, subject: `operator:${input.actor.operatorId ?? input.actor.name}` },
      }))
    ) {
      throw new CodedError(429, 'LimitExceeded', MESSAGE_TEXTS.sendLimit);
    }
    const filter = repo.filterOf(row);
    const queued = await queueNotificationsFrom(txCtx, tx, {
      occasion: occasionOf(row.id),
      kind: 'messages',
      template: 'operator-message',
      params: { messageId: row.id },
      recipients: repo.recipientsSql(filter),
    });
    if (queued === 0) throw new CodedError(409, 'NoRecipients', MESSAGE_TEXTS.noRecipients);
    await repo.setRecipients(tx, row.id, queued);
    await appendAudit(tx, {
      action: MESSAGE_AUDIT_ACTION,
      ...actorFields(input.actor),
      subjectType: MESSAGE_SUBJECT_TYPE,
      subjectId: row.id,
      reason: null,
      details: { subject: row.subject, filter, recipients: queued },
      at: now,
    });
    return { ...row, recipients: queued };
  });
  if (sent) ctx.log.info({ messageId: sent.id, recipients: sent.recipients }, 'operator message queued');
  return getMessage({ ctx, input: { id: input.id } });
}

/** One stored message, for the mail template that sends it (modules/notifications). */
export { findMessage } from './repository.js';
