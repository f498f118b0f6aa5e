import { paths } from '@erd/shared-contracts/wire';
import { renderMail, type MailFooter, type RenderedMail } from '../mail/mjml.js';
import { greeting } from '../mail/templates.js';
import { unsubscribeUrlFor } from '../notifications/deliver.js';
import type { AccountRecipient } from '../notifications/recipients.js';
import type { DeliverCtx, TemplateResult } from '../notifications/templates/types.js';

/**
 * The frame deliver.ts puts around a 'messages' mail to a club account (greeting, sign-off, footer
 * with the reason and the one-click unsubscribe link), for the back office's preview and test mail:
 * what an operator sees is what a club gets (routes.test.ts compares it with a delivered mail).
 * Kept in step with `footerFor` in deliver.ts; exporting that would make this a call.
 */

const MESSAGES_REASON = 'Du bekommst diese E-Mail, weil dein Verein bei der {product} angemeldet ist und du Nachrichten der Veranstalter eingeschaltet hast.';

export interface FramedMail extends RenderedMail {
  headers: Record<string, string>;
}

export async function renderMessageMail(ctx: Pick<DeliverCtx, 'config' | 'secret'>, recipient: AccountRecipient, content: TemplateResult): Promise<FramedMail> {
  const footer: MailFooter = {
    reason: MESSAGES_REASON.replace('{product}', ctx.config.productName),
    unsubscribeUrl: unsubscribeUrlFor(ctx, recipient, 'messages') ?? undefined,
    unsubscribeLabel: 'Diese E-Mails abbestellen',
    preferencesUrl: `${ctx.config.publicUrl}${paths.profile}#benachrichtigungen`,
  };
  const mail = await renderMail({
    productName: ctx.config.productName,
    subject: content.subject,
    preheader: content.preheader,
    greeting: greeting(recipient.firstname),
    blocks: content.blocks,
    footer,
    siteUrl: ctx.config.publicUrl,
  });
  const headers: Record<string, string> = {};
  if (footer.unsubscribeUrl) {
    headers['List-Unsubscribe'] = `<${footer.unsubscribeUrl}>`;
    headers['List-Unsubscribe-Post'] = 'List-Unsubscribe=One-Click';
  }
  return { ...mail, headers };
}

/** The account a preview is written for: a placeholder name, no real account (its unsubscribe link changes nothing). */
export const PREVIEW_RECIPIENT: AccountRecipient = {
  type: 'account',
  key: 'account:vorschau',
  sub: 'vorschau',
  email: 'vorschau@example.invalid',
  firstname: 'Vorname',
  clubId: 'vorschau',
  clubName: 'Vorschau',
  team: 'm',
  off: [],
};

/**
 * The HTML for an iframe's `srcdoc`: the inline pictures a mail carries (`cid:`, the header's
 * shield) as data URIs, since the back office's page has no mail around it.
 */
export function htmlForPreview(mail: RenderedMail): string {
  const attachments = (mail as { attachments?: Array<{ cid: string; content: string; contentType: string }> }).attachments ?? [];
  let html = mail.html;
  for (const a of attachments) html = html.split(`cid:${a.cid}`).join(`data:${a.contentType};base64,${a.content}`);
  return html;
}
