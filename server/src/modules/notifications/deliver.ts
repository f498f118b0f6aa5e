import type { Mailer } from '../mail/mailer.js';
import { renderMail, type MailFooter, type RenderedMail } from '../mail/mjml.js';
import { greeting } from '../mail/templates.js';
import { paths } from '@erd/shared-contracts/wire';
import { isAccountNotificationKind } from '@erd/shared-contracts/wire';
import { ACCOUNT_UNSUBSCRIBE_PATH, CLUB_FAN_UNSUBSCRIBE_PATH } from './paths.js';
import { findRecipient, type Recipient } from './recipients.js';
import * as repo from './repository.js';
import { templateOf } from './templates/index.js';
import type { DeliverCtx, TemplateResult } from './templates/types.js';
import { accountUnsubscribeToken } from './tokens.js';

/**
 * Sends one queued notification (the `notify` queue's job): reads its row and, now, the recipient
 * (a deleted account, an unconfirmed one, a fan who left: nothing goes), checks the account's
 * switch for the kind, skips a mail about a challenge that was withdrawn or removed (issue 26; a
 * `challengeId` in its params), renders the template with today's data (null: the occasion no longer holds),
 * sends under the row's id (one Message-ID however often it runs) and marks it sent at once.
 */

const FOOTER_REASONS: Record<string, string> = {
  challenges:
    'Du bekommst diese E-Mail, weil dein Verein bei der {product} angemeldet ist und du Hinweise zu Challenges und Erinnerungen eingeschaltet hast.',
  entries:
    'Du bekommst diese E-Mail, weil dein Verein bei der {product} angemeldet ist und du Hinweise zu euren Beiträgen eingeschaltet hast.',
  results: 'Du bekommst diese E-Mail, weil dein Verein bei der {product} angemeldet ist und du Hinweise zu Ergebnissen eingeschaltet hast.',
  messages:
    'Du bekommst diese E-Mail, weil dein Verein bei der {product} angemeldet ist und du Nachrichten der Veranstalter eingeschaltet hast.',
};

export function unsubscribeUrlFor(ctx: Pick<DeliverCtx, 'config' | 'secret'>, recipient: Recipient, kind: string): string | null {
  if (recipient.type === 'fan')
    return `${ctx.config.publicUrl}${CLUB_FAN_UNSUBSCRIBE_PATH}?token=${encodeURIComponent(recipient.unsubscribeToken)}`;
  if (!isAccountNotificationKind(kind)) return null;
  return `${ctx.config.publicUrl}${ACCOUNT_UNSUBSCRIBE_PATH}?token=${encodeURIComponent(accountUnsubscribeToken(ctx.secret, recipient.sub, kind))}`;
}

function footerFor(ctx: Pick<DeliverCtx, 'config' | 'secret'>, recipient: Recipient, kind: string): MailFooter {
  const product = ctx.config.productName;
  const unsubscribeUrl = unsubscribeUrlFor(ctx, recipient, kind) ?? undefined;
  if (recipient.type === 'fan') {
    return {
      reason: `Du bekommst diese E-Mail, weil du dich bei der ${product} als Fan von ${recipient.clubName} eingetragen hast.`,
      unsubscribeUrl,
      unsubscribeLabel: 'Als Fan abmelden',
    };
  }
  return {
    reason: (FOOTER_REASONS[kind] ?? FOOTER_REASONS.messages!).replace('{product}', product),
    unsubscribeUrl,
    unsubscribeLabel: 'Diese E-Mails abbestellen',
    preferencesUrl: `${ctx.config.publicUrl}${paths.profile}#benachrichtigungen`,
  };
}

export interface FramedMail extends RenderedMail {
  headers: Record<string, string>;
}

/**
 * The frame around a notification's own part: the greeting by name, the sign-off, the footer with
 * why the reader gets it and the one-click unsubscribe link, and the RFC 2369 / 8058 headers. The
 * back office's preview and test mail use it too, so an operator sees what a club gets.
 */
export async function frameNotification(
  ctx: Pick<DeliverCtx, 'config' | 'secret'>,
  recipient: Recipient,
  kind: string,
  content: TemplateResult,
): Promise<FramedMail> {
  const footer = footerFor(ctx, recipient, kind);
  const mail = await renderMail({
    productName: ctx.config.productName,
    subject: content.subject,
    preheader: content.preheader,
    greeting: greeting(recipient.type === 'account' ? recipient.firstname : null),
    blocks: content.blocks,
    footer,
    siteUrl: ctx.config.publicUrl,
  });
  const headers: Record<string, string> = {};
  if (footer.unsubscribeUrl) {
    // RFC 2369 and RFC 8058: mail programs offer 'abmelden' and unsubscribe with one POST, no sign-in.
    headers['List-Unsubscribe'] = `<${footer.unsubscribeUrl}>`;
    headers['List-Unsubscribe-Post'] = 'List-Unsubscribe=One-Click';
  }
  return { ...mail, headers };
}

export type DeliveryOutcome = 'sent' | 'already-done' | 'opted-out' | 'no-recipient' | 'cancelled';

export async function deliverNotification({
  ctx,
  mailer,
  input,
}: {
  ctx: DeliverCtx;
  mailer: Mailer;
  input: { id: string };
}): Promise<DeliveryOutcome> {
  const row = await repo.findNotification(ctx.db, input.id);
  if (!row || row.sentAt || row.skipped) return 'already-done';
  const recipient = await findRecipient(ctx.db, row.recipient);
  if (!recipient) {
    await repo.markSkipped(ctx.db, row.id, 'no-recipient');
    return 'no-recipient';
  }
  if (recipient.type === 'account' && recipient.off.includes(row.kind)) {
    await repo.markSkipped(ctx.db, row.id, 'opted-out');
    return 'opted-out';
  }
  // Issue 26: a mail about a challenge that was withdrawn from its season or removed does not go.
  const challengeId = row.params.challengeId;
  if (typeof challengeId === 'string' && !(await repo.isChallengeInSeason(ctx.db, challengeId))) {
    await repo.markSkipped(ctx.db, row.id, 'cancelled');
    return 'cancelled';
  }
  const template = templateOf(row.template);
  if (!template) throw new Error(`notification template ${row.template} is unknown`);
  const url = (path: string) => `${ctx.config.publicUrl}${path}`;
  const content = await template.render(row.params, { ctx, recipient, url });
  if (!content) {
    await repo.markSkipped(ctx.db, row.id, 'cancelled');
    return 'cancelled';
  }
  const mail = await frameNotification(ctx, recipient, row.kind, content);
  await mailer.send({ to: recipient.email, ...mail }, { id: row.id });
  await repo.markSent(ctx.db, row.id, ctx.now());
  return 'sent';
}

/** The job's last attempt failed: the row shows it (the operators' progress counts it as failed). */
export async function markNotificationFailed(ctx: Pick<DeliverCtx, 'db' | 'now'>, id: string): Promise<void> {
  await repo.markFailed(ctx.db, id, ctx.now());
}
