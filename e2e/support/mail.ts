import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { e2eDataDir } from './paths';

interface Mail {
  file: string;
  mtime: number;
  text: string;
}

/** Quoted-printable soft breaks and escapes, as nodemailer writes them. */
const decodeQuotedPrintable = (text: string) =>
  text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

function outbox(dataDir: string): Mail[] {
  const dir = path.join(dataDir, 'outbox');
  let files: string[] = [];
  try {
    files = readdirSync(dir).filter((f) => f.endsWith('.eml'));
  } catch {
    return [];
  }
  return files
    .map((file) => ({
      file,
      mtime: statSync(path.join(dir, file)).mtimeMs,
      text: decodeQuotedPrintable(readFileSync(path.join(dir, file), 'utf8')),
    }))
    .sort((a, b) => a.mtime - b.mtime);
}

/** The newest e-mail to `address` written after `since` (ms) into a server's outbox, waiting up to 10 s. */
export async function waitForMail(address: string, since: number, match: RegExp = /./, dataDir = e2eDataDir): Promise<string> {
  for (let i = 0; i < 50; i++) {
    const mails = outbox(dataDir).filter((m) => m.mtime >= since - 5 && m.text.includes(address) && match.test(m.text));
    if (mails.length) return mails[mails.length - 1]!.text;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no e-mail to ${address} matching ${match}`);
}

/** The 6-digit code in a mail's body (not in its headers). */
export function codeIn(mail: string): string {
  const body = mail.slice(mail.search(/\r?\n\r?\n/));
  const code = body.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error('no 6-digit code in the mail');
  return code;
}

export function magicLinkIn(mail: string): string | null {
  return mail.match(/https?:\/\/[^\s"<]*MAGIC_LINK=[A-Za-z0-9_-]+/)?.[0] ?? null;
}
