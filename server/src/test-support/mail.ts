import fs from 'node:fs';
import path from 'node:path';

/** The `.eml` files the outbox mailer wrote (embedded default), oldest first, for tests. */

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
    enc.toUpperCase() === 'B'
      ? Buffer.from(text, 'base64').toString('utf8')
      : decodeQuotedPrintable(text.replace(/_/g, ' ')),
  );
}

export function readOutbox(dataDir: string): OutboxMail[] {
  const dir = path.join(dataDir, 'outbox');
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .sort()
    .map((file) => {
      const raw = fs.readFileSync(path.join(dir, file), 'utf8');
      const header = raw.slice(0, raw.search(/\r?\n\r?\n/)).replace(/\r?\n[ \t]+/g, ' ');
      const field = (name: string) => new RegExp(`^${name}: (.*)$`, 'mi').exec(header)?.[1] ?? '';
      return { file, raw, text: decodeQuotedPrintable(raw), to: field('To'), subject: decodeHeader(field('Subject')) };
    });
}

/** The newest mail to `to` (case-insensitive). */
export function lastMailTo(dataDir: string, to: string): OutboxMail {
  const mail = readOutbox(dataDir)
    .filter((m) => m.to.toLowerCase() === to.toLowerCase())
    .at(-1);
  if (!mail) throw new Error(`no mail to ${to}`);
  return mail;
}

/** The 6-digit code of the newest mail to `to`. */
export function lastCodeTo(dataDir: string, to: string): string {
  const mail = lastMailTo(dataDir, to);
  const match = /^ {4}(\d{6})$/m.exec(mail.text);
  if (!match?.[1]) throw new Error(`no code in ${mail.file}`);
  return match[1];
}
