import type { RenderedMail } from '../mail/mjml.js';
import { frameNotification, type FramedMail } from '../notifications/deliver.js';
import type { AccountRecipient } from '../notifications/recipients.js';
import type { DeliverCtx, TemplateResult } from '../notifications/templates/types.js';

/**
 * The frame deliver.ts puts around a 'messages' mail to a club account (greeting, sign-off, footer
 * with the reason and the one-click unsubscribe link), for the back office's preview and test mail:
 * what an operator sees is what a club gets (routes.test.ts compares it with a delivered mail).
 */

/** The mail as a club account gets it (deliver.ts's frame for the kind 'messages'). */
export function renderMessageMail(
  ctx: Pick<DeliverCtx, 'config' | 'secret'>,
  recipient: AccountRecipient,
  content: TemplateResult,
): Promise<FramedMail> {
  return frameNotification(ctx, recipient, 'messages', content);
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
  let html = mail.html;
  for (const a of mail.attachments) html = html.split(`cid:${a.cid}`).join(`data:${a.contentType};base64,${a.content}`);
  return html;
}
