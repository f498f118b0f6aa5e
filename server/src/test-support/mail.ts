import fs from 'node:fs';
import path from 'node:path';

/**
 * The `.eml` files the outbox mailer wrote (embedded default), oldest first, for tests. Mail is
 * sent by a job after the request: each helper first waits until the app's mail queue is empty.
 */

/** A test app (or anything with an outbox folder and a way to wait for its mail queue). */
export interface MailSource {
  dataDir: string;
  drainMail(): Promise<void>;
}

export interface OutboxMail {
  file: string;
  raw: string;
  /** Raw text with quoted-printable decoded (UTF-8). */
  text: string;
  to: string;
  subject: string;
}

function decodeQuotedPrintable(raw: string): string {
  const latin1 = raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(latin1, 'latin1').toString('utf8');
}

function decodeHeader(value: string): string {
  return value.replace(/=\?utf-8\?([QB])\?([^?]*)\?=\s*/gi, (_m, enc: string, text: string) =>
    enc.toUpperCase() === 'B' ? Buffer.from(text, 'base64').toString('utf8') : decodeQuotedPrintable(text.replace(/_/g, ' ')),
  );
}

/** The outbox as it is now (no waiting). */
export function readOutboxNow(dataDir: string): OutboxMail[] {
  const dir = path.join(dataDir, 'outbox');
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((file) => file.endsWith('.eml'))
    .sort()
    .map((file) => {
      const raw = fs.readFileSync(path.join(dir, file), 'utf8');
      const header = raw.slice(0, raw.search(/\r?\n\r?\n/)).replace(/\r?\n[ \t]+/g, ' ');
      const field = (name: string) => new RegExp(`^${name}: (.*)$`, 'mi').exec(header)?.[1] ?? '';
      return { file, raw, text: decodeQuotedPrintable(raw), to: field('To'), subject: decodeHeader(field('Subject')) };
    });
}

/** Every mail, once the queued ones are sent. */
export async function readOutbox(source: MailSource): Promise<OutboxMail[]> {
  await source.drainMail();
  return readOutboxNow(source.dataDir);
}

/** The newest mail to `to` (case-insensitive). */
export async function lastMailTo(source: MailSource, to: string): Promise<OutboxMail> {
  const mail = (await readOutbox(source)).filter((m) => m.to.toLowerCase() === to.toLowerCase()).at(-1);
  if (!mail) throw new Error(`no mail to ${to}`);
  return mail;
}

/** The 6-digit code of the newest mail to `to`. */
export async function lastCodeTo(source: MailSource, to: string): Promise<string> {
  const mail = await lastMailTo(source, to);
  const match = /^ {4}(\d{6})$/m.exec(mail.text);
  if (!match?.[1]) throw new Error(`no code in ${mail.file}`);
  return match[1];
}
