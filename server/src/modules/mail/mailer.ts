import fs from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type nodemailer from 'nodemailer';
import type { Logger } from '../../logger.js';
import { lazy } from '../../lib/lazy.js';
import { slugify } from '../../lib/text.js';
import type { InlineAttachment } from './logo.js';

/**
 * Outgoing e-mail through nodemailer: SMTP when `SMTP_URL` is set (a pool of open connections, see
 * `SMTP_POOL`), otherwise every message is written as an `.eml` file to `${DATA_DIR}/outbox/` and
 * logged (embedded default, tests).
 *
 * Services never call this: they queue a mail job (modules/jobs), and the mail worker sends it
 * here with the job's id, so that a repeated job (a crash after the send) keeps one Message-ID and
 * one outbox file.
 */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  headers?: Record<string, string>;
  /** Inline pictures the HTML shows by `cid:` (the header's shield: mail/logo.ts). */
  attachments?: InlineAttachment[];
}

export interface SentMail {
  messageId: string;
  /** The `.eml` file when the outbox is used. */
  file?: string;
}

export interface SendOptions {
  /** A stable id of this mail (the job id): its Message-ID, and its outbox file is written once. */
  id?: string;
}

export interface Mailer {
  send(message: MailMessage, options?: SendOptions): Promise<SentMail>;
  close(): void;
}

export interface MailerOptions {
  from: string;
  smtpUrl: string | null;
  outboxDir: string;
  log: Logger;
  /** SMTP connect, greeting and inactivity timeout (default 20 s; nodemailer's own are minutes). */
  timeoutSeconds?: number;
  /** SMTP connections kept open and used side by side (default `SMTP_POOL.maxConnections`). */
  maxConnections?: number;
  /** Mails sent over one connection before it is replaced by a new one (default `SMTP_POOL.maxMessages`). */
  maxMessages?: number;
}

/**
 * The SMTP connection pool: a voting morning's 55,000 mails (issue 25) go over a few open
 * connections, each one EHLO for hundreds of mails instead of a TCP connection, a greeting, an EHLO
 * and a QUIT per mail. Five connections are what nodemailer and most relays expect of one client
 * (a relay limits connections per client, rarely mails per connection). A connection is renewed
 * after 1,000 mails (a relay's per-session limit, and a slow leak on either side, end there).
 */
export const SMTP_POOL = { maxConnections: 5, maxMessages: 1000 } as const;

/**
 * A failed SMTP delivery, told by nodemailer's code (`ECONNECTION`, `ETIMEDOUT`, `EAUTH`,
 * `EENVELOPE`, …) and the server's reply code only: the reply text and nodemailer's message may
 * quote the recipient's address, and this error ends up in logs and in the job's record.
 */
export class MailDeliveryError extends Error {
  readonly code: string;
  readonly responseCode: number | null;

  constructor(code: string, responseCode: number | null) {
    super(`SMTP delivery failed (${code}${responseCode ? ` ${responseCode}` : ''})`);
    this.name = 'MailDeliveryError';
    this.code = code;
    this.responseCode = responseCode;
  }

  static from(error: unknown): MailDeliveryError {
    const e = (error ?? {}) as { code?: unknown; responseCode?: unknown };
    const code = typeof e.code === 'string' && /^[A-Z0-9_]{1,40}$/.test(e.code) ? e.code : 'UNKNOWN';
    return new MailDeliveryError(code, typeof e.responseCode === 'number' ? e.responseCode : null);
  }
}

export function createMailer(options: MailerOptions): Mailer {
  return options.smtpUrl ? smtpMailer(options, options.smtpUrl) : outboxMailer(options);
}

/**
 * Our mails are German text: quoted-printable, which nodemailer would choose anyway after counting
 * the Latin letters of every part and header, character by character (half of its ~2 ms a mail).
 */
const MIME_OPTIONS = { textEncoding: 'quoted-printable' } as const;

/** `<id@domain of MAIL_FROM>`: the same for every attempt of one mail. */
function messageIdFor(from: string, id: string | undefined): string | undefined {
  if (!id) return undefined;
  const domain = /@([A-Za-z0-9.-]+)>?\s*$/.exec(from)?.[1] ?? 'localhost';
  return `<${id}@${domain}>`;
}

/**
 * nodemailer (~650 KB of source, a few MB of a server's memory) is loaded with the first mail, not
 * at start: most instances send few mails, many hours apart. A failed load is tried again.
 */
function lazyTransport<T extends { close(): void }>(make: (createTransport: typeof nodemailer.createTransport) => T) {
  const transport = lazy(() => import('nodemailer').then((module) => make(module.default.createTransport)));
  return {
    get: transport.get,
    close: (): void => {
      void transport.started()?.then(
        (t) => t.close(),
        () => undefined,
      );
    },
  };
}

function smtpMailer(options: MailerOptions, smtpUrl: string): Mailer {
  const timeout = (options.timeoutSeconds ?? 20) * 1000;
  const transport = lazyTransport((createTransport) =>
    createTransport({
      url: smtpUrl,
      pool: true,
      maxConnections: options.maxConnections ?? SMTP_POOL.maxConnections,
      maxMessages: options.maxMessages ?? SMTP_POOL.maxMessages,
      // A mail whose connection broke fails at once and its job retries it (after reading whether it
      // went); the pool would otherwise send it again by itself, up to five times, unseen.
      maxRequeues: 0,
      // An idle connection is closed by us before its inactivity timeout makes it an error.
      idleTimeout: Math.max(1000, timeout / 2),
      connectionTimeout: timeout,
      greetingTimeout: timeout,
      socketTimeout: timeout,
    }),
  );
  return {
    async send(message, sendOptions = {}) {
      let info;
      const smtp = await transport.get();
      try {
        info = await smtp.sendMail({
          ...MIME_OPTIONS,
          from: options.from,
          ...message,
          messageId: messageIdFor(options.from, sendOptions.id),
        });
      } catch (error) {
        throw MailDeliveryError.from(error);
      }
      options.log.info({ messageId: info.messageId, subject: message.subject }, 'mail sent');
      return { messageId: info.messageId };
    },
    close: () => transport.close(),
  };
}

function outboxMailer(options: MailerOptions): Mailer {
  const transport = lazyTransport((createTransport) => createTransport({ streamTransport: true, buffer: true, newline: 'unix' }));
  return {
    async send(message, sendOptions = {}) {
      const info = await (
        await transport.get()
      ).sendMail({ ...MIME_OPTIONS, from: options.from, ...message, messageId: messageIdFor(options.from, sendOptions.id) });
      const raw = info.message;
      const data = Buffer.isBuffer(raw) ? raw : Buffer.from(String(raw));
      await fs.mkdir(options.outboxDir, { recursive: true });
      const tag = sendOptions.id ?? randomBytes(3).toString('hex');
      // A mail sent again under the same id (its job ran again after a crash) replaces its file.
      const existing = sendOptions.id ? (await fs.readdir(options.outboxDir)).find((name) => name.includes(`-${tag}-`)) : undefined;
      const stamp = new Date().toISOString().replace(/[-:.]/g, '');
      const name = existing ?? `${stamp}-${tag}-${slugify(message.subject)}.eml`;
      const file = path.join(options.outboxDir, name);
      // Written under another name first: a reader of the outbox never sees half a file.
      const partial = path.join(options.outboxDir, `.${name}.${randomBytes(3).toString('hex')}.tmp`);
      await fs.writeFile(partial, data);
      await fs.rename(partial, file);
      options.log.info({ file, subject: message.subject }, 'mail written to outbox');
      return { messageId: info.messageId, file };
    },
    close: () => transport.close(),
  };
}
