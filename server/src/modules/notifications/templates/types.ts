import type { AppContext } from '../../../context.js';
import type { MailBlock } from '../../mail/mjml.js';
import type { Recipient } from '../recipients.js';

/** What a template may read when its mail goes (the database: the current state of the season). */
export type DeliverCtx = Pick<AppContext, 'db' | 'config' | 'now' | 'secret' | 'log'>;

export interface TemplateContext {
  ctx: DeliverCtx;
  recipient: Recipient;
  /** Absolute links into the site: `url(paths.participation(c, p))`. */
  url(path: string): string;
}

/** A mail's own part; the frame (greeting, sign-off, footer with unsubscribe) is added by deliver.ts. */
export interface TemplateResult {
  subject: string;
  preheader?: string;
  blocks: MailBlock[];
}

/**
 * A notification mail: `render` builds it for one recipient from its parameters (ids, a reason, a
 * place: what the trigger knew) and today's data, or returns null when the occasion no longer holds
 * (the challenge was removed from the season, its date moved): the mail is then not sent.
 */
export interface NotificationTemplate<P> {
  render(params: P, context: TemplateContext): Promise<TemplateResult | null>;
}

export function defineTemplate<P>(template: NotificationTemplate<P>): NotificationTemplate<P> {
  return template;
}
