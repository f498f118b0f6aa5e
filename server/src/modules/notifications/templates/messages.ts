import type { MailBlock } from '../../mail/mjml.js';
import { findMessage } from '../../operator-messages/service.js';
import { defineTemplate, type TemplateResult } from './types.js';

/**
 * The operators' messages to club accounts (issue 25, kind 'messages'): the subject and the text
 * the operator wrote, read when the mail goes (a message deleted meanwhile sends nothing).
 */

const PREHEADER_MAX = 110;

/**
 * The operator's plain text as paragraphs: a blank line starts a new one; a single line break
 * stays in its paragraph (the plain-text part keeps it).
 */
export function messageParagraphs(body: string): string[] {
  return body
    .replace(/\r\n?/g, '\n')
    .split(/\n[ \t]*\n/)
    .map((paragraph) =>
      paragraph
        .split('\n')
        .map((line) => line.trimEnd())
        .join('\n')
        .trim(),
    )
    .filter(Boolean);
}

/** The mail of a message: its subject as the headline, its text as paragraphs; the frame (greeting, sign-off, footer) comes from deliver.ts. */
export function messageMail(message: { subject: string; body: string }): TemplateResult {
  const paragraphs = messageParagraphs(message.body);
  const first = (paragraphs[0] ?? '').replace(/\s+/g, ' ');
  return {
    subject: message.subject,
    preheader: first.length > PREHEADER_MAX ? `${first.slice(0, PREHEADER_MAX - 1).trimEnd()}…` : first,
    blocks: [{ type: 'heading', text: message.subject }, ...paragraphs.map((text): MailBlock => ({ type: 'p', text }))],
  };
}

export const MESSAGE_TEMPLATES = {
  /** A message of the operators (`params.messageId`: its row in `operator_messages`). */
  'operator-message': defineTemplate<{ messageId: string }>({
    async render(params, { ctx }) {
      const message = await findMessage(ctx.db, params.messageId);
      return message ? messageMail(message) : null;
    },
  }),
} as const;
