import fs from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import nodemailer from 'nodemailer';
import type { Logger } from '../../logger.js';
import { slugify } from '../../lib/text.js';

/**
 * Outgoing e-mail through nodemailer: SMTP when `SMTP_URL` is set, otherwise every message is
 * written as an `.eml` file to `${DATA_DIR}/outbox/` and logged (embedded default, tests).
 */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  headers?: Record<string, string>;
}

export interface SentMail {
  messageId: string;
  /** The `.eml` file when the outbox is used. */
  file?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<SentMail>;
  close(): void;
}

export interface MailerOptions {
  from: string;
  smtpUrl: string | null;
  outboxDir: string;
  log: Logger;
}

export function createMailer(options: MailerOptions): Mailer {
  return options.smtpUrl ? smtpMailer(options, options.smtpUrl) : outboxMailer(options);
}

function smtpMailer(options: MailerOptions, smtpUrl: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send(message) {
      const info = await transport.sendMail({ from: options.from, ...message });
      options.log.info({ messageId: info.messageId, subject: message.subject }, 'mail sent');
      return { messageId: info.messageId };
    },
    close: () => transport.close(),
  };
}

function outboxMailer(options: MailerOptions): Mailer {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(message) {
      const info = await transport.sendMail({ from: options.from, ...message });
      const raw = info.message;
      const data = Buffer.isBuffer(raw) ? raw : Buffer.from(String(raw));
      const stamp = new Date().toISOString().replace(/[-:.]/g, '');
      const name = `${stamp}-${randomBytes(3).toString('hex')}-${slugify(message.subject)}.eml`;
      await fs.mkdir(options.outboxDir, { recursive: true });
      const file = path.join(options.outboxDir, name);
      await fs.writeFile(file, data);
      options.log.info({ file, subject: message.subject }, 'mail written to outbox');
      return { messageId: info.messageId, file };
    },
    close: () => transport.close(),
  };
}
