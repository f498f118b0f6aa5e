/**
 * The HTML of every mail, from one MJML layout (decision 0019): MJML turns its tags into the
 * tables, inline styles and Outlook conditional comments that Gmail, Outlook and Apple Mail need, and
 * its columns fold to one on a phone. A mail is a list of blocks (paragraph, button, facts, quote,
 * code, small print); MJML compiles each *shape* (the sequence of block types and the footer) once,
 * with numbered slots where the values go, and every mail of that shape fills the slots with its
 * escaped values: 50,000 fan mails cost one compilation, not 50,000 (MJML takes ~5 ms a mail).
 * The plain-text part is written from the same blocks.
 */
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { escapeHtml } from '../../lib/text.js';
import { lazy } from '../../lib/lazy.js';
import { BRAND, wordmarkParts } from '../share-cards/brand.js';
import { LOGO_CID, logoAttachment, type InlineAttachment } from './logo.js';

/** The site's display face where the reader has it (shared-contracts/src/ui/fonts.ts), else a narrow sans. */
const DISPLAY_FONT = "'Roboto Condensed', 'Arial Narrow', Arial, Helvetica, sans-serif";
const BODY_FONT = 'Arial, Helvetica, sans-serif';

export type MailBlock =
  /** A paragraph of plain text. */
  | { type: 'p'; text: string }
  /** A heading in the display face (the mail's headline). */
  | { type: 'heading'; text: string }
  /** The site's yellow button; the plain text shows `label: href`. */
  | { type: 'button'; label: string; href: string }
  /** Label and value rows (a place, points). */
  | { type: 'facts'; rows: ReadonlyArray<readonly [string, string]> }
  /** Someone's own words, line breaks kept (an operator's reason or message). */
  | { type: 'quote'; text: string; label?: string }
  /** A code to type in, large. */
  | { type: 'code'; code: string }
  /** Small grey text (a link to copy, a hint); `htmlOnly`: not in the plain-text part (which has the link already). */
  | { type: 'small'; text: string; htmlOnly?: boolean };

export interface MailFooter {
  /** Why the reader gets this mail ('Du bekommst diese E-Mail, weil …'). */
  reason: string;
  /** Unsubscribes from this kind in one click (non-essential mails). */
  unsubscribeUrl?: string;
  unsubscribeLabel?: string;
  /** Where all switches are ('Benachrichtigungen' in the profile). */
  preferencesUrl?: string;
}

export interface MailDocument {
  productName: string;
  subject: string;
  /** The line a mail program shows beside the subject. */
  preheader?: string;
  /** 'Hallo Erika,' (see `greeting` in templates.ts); omitted: no greeting line. */
  greeting?: string;
  blocks: readonly MailBlock[];
  /** Closing line, 'Dein Team der Punktejagd' by default; null: none. */
  signOff?: string | null;
  footer?: MailFooter | null;
  /** The site's address (imprint link in the footer). */
  siteUrl?: string;
}

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
  /** The header's shield, which the HTML shows by `cid:`. */
  attachments: InlineAttachment[];
}

type Mjml2Html = (
  input: string,
  options?: Record<string, unknown>,
) => Promise<{ html: string; errors: Array<{ formattedMessage?: string; message?: string }> }>;

/** MJML (~0.6 s to load) comes with the first mail, not at start. */
const mjml = lazy(async () => (await import('mjml')).default as unknown as Mjml2Html);

/** A slot in the compiled HTML: `%%3%%`. MJML leaves such text alone (tested). */
const slot = (n: number) => `%%${n}%%`;
const SLOT = /%%(\d+)%%/g;

interface Shape {
  source: string;
  /** The values of the slots, in their order, already as HTML. */
  values: string[];
}

/** The MJML of one block, with slots; `push` stores a value (HTML) and returns its slot. */
function blockMjml(block: MailBlock, push: (html: string) => string): string {
  switch (block.type) {
    case 'p':
      // A line break inside a paragraph stays one (the plain-text part keeps it too).
      return `<mj-text>${push(escapeHtml(block.text).replace(/\r?\n/g, '<br>'))}</mj-text>`;
    case 'heading':
      return `<mj-text font-family="${DISPLAY_FONT}" font-size="26px" font-weight="800" line-height="1.1" color="${BRAND.navy}" text-transform="uppercase" padding-bottom="12px">${push(escapeHtml(block.text))}</mj-text>`;
    case 'button':
      return `<mj-button href="${push(escapeHtml(block.href))}" background-color="${BRAND.yellow}" color="${BRAND.navy}" font-family="${DISPLAY_FONT}" font-size="16px" font-weight="800" text-transform="uppercase" letter-spacing="0.04em" border-radius="6px" inner-padding="14px 26px" align="left" padding="16px 0 20px">${push(escapeHtml(block.label))}</mj-button>`;
    case 'facts': {
      const rows = block.rows
        .map(
          ([label, value]) =>
            `<tr><th style="text-align: left; padding: 6px 16px 6px 0; font-weight: normal; color: ${BRAND.muted}; vertical-align: top;">${push(escapeHtml(label))}</th>` +
            `<td style="padding: 6px 0; font-family: ${DISPLAY_FONT}; font-size: 20px; font-weight: 800; color: ${BRAND.navy};">${push(escapeHtml(value))}</td></tr>`,
        )
        .join('');
      return `<mj-table padding="8px 0 12px" font-family="${BODY_FONT}" font-size="16px" color="${BRAND.ink}">${rows}</mj-table>`;
    }
    case 'quote':
      return (
        `<mj-text padding="4px 0 16px"><div style="border-left: 4px solid ${BRAND.yellow}; background: ${BRAND.cream}; padding: 12px 16px; border-radius: 0 6px 6px 0;">` +
        (block.label
          ? `<div style="font-size: 13px; color: ${BRAND.muted}; margin-bottom: 4px;">${push(escapeHtml(block.label))}</div>`
          : '') +
        `<div>${push(escapeHtml(block.text).replace(/\r?\n/g, '<br>'))}</div></div></mj-text>`
      );
    case 'code':
      return `<mj-text align="center" padding="8px 0 16px"><div style="padding: 12px 16px; border-radius: 6px; background: ${BRAND.cream}; border: 1px solid ${BRAND.border}; font-family: ${DISPLAY_FONT}; font-size: 32px; font-weight: 800; letter-spacing: 6px; color: ${BRAND.navy};">${push(escapeHtml(block.code))}</div></mj-text>`;
    case 'small':
      return `<mj-text font-size="14px" color="${BRAND.muted}" css-class="break">${push(escapeHtml(block.text))}</mj-text>`;
  }
}

function footerMjml(footer: MailFooter, siteUrl: string | undefined, push: (html: string) => string): string {
  const links: string[] = [];
  if (footer.unsubscribeUrl)
    links.push(
      `<a href="${push(escapeHtml(footer.unsubscribeUrl))}" style="color: ${BRAND.muted};">${push(escapeHtml(footer.unsubscribeLabel ?? 'Abmelden'))}</a>`,
    );
  if (footer.preferencesUrl)
    links.push(`<a href="${push(escapeHtml(footer.preferencesUrl))}" style="color: ${BRAND.muted};">Benachrichtigungen einstellen</a>`);
  if (siteUrl) links.push(`<a href="${push(escapeHtml(`${siteUrl}/imprint`))}" style="color: ${BRAND.muted};">Impressum</a>`);
  return `<mj-section padding="16px 12px 0"><mj-column><mj-text align="center" font-size="12px" line-height="1.5" color="${BRAND.muted}">${push(escapeHtml(footer.reason))}${
    links.length ? `<br>${links.join(' &middot; ')}` : ''
  }</mj-text></mj-column></mj-section>`;
}

/** The whole document's MJML with slots, and the values for them. */
function shapeOf(doc: MailDocument): Shape {
  const values: string[] = [];
  const push = (html: string) => {
    values.push(html);
    return slot(values.length - 1);
  };
  const [first, second] = wordmarkParts(doc.productName);
  const wordmark = `${push(escapeHtml(first))}${second ? `<span style="color: ${BRAND.yellow};">${push(escapeHtml(second))}</span>` : ''}`;
  const title = push(escapeHtml(doc.subject));
  const preheader = doc.preheader ? `<mj-preview>${push(escapeHtml(doc.preheader))}</mj-preview>` : '';
  const greeting = doc.greeting ? `<mj-text padding-bottom="12px">${push(escapeHtml(doc.greeting))}</mj-text>` : '';
  const blocks = doc.blocks.map((block) => blockMjml(block, push)).join('\n');
  const signOffText = doc.signOff === undefined ? `Dein Team der ${doc.productName}` : doc.signOff;
  const signOff = signOffText ? `<mj-text padding-top="16px">${push(escapeHtml(signOffText))}</mj-text>` : '';
  const footer = doc.footer
    ? footerMjml(doc.footer, doc.siteUrl, push)
    : `<mj-section padding="16px 12px 0"><mj-column><mj-text align="center" font-size="12px" color="${BRAND.muted}">${push(escapeHtml(doc.productName))}</mj-text></mj-column></mj-section>`;
  const source = `<mjml lang="de">
<mj-head>
<mj-title>${title}</mj-title>
${preheader}
<mj-attributes>
<mj-all font-family="${BODY_FONT}" />
<mj-text font-size="16px" line-height="1.5" color="${BRAND.ink}" padding="0 0 12px" />
<mj-section padding="0" />
</mj-attributes>
<mj-style>.break a, .break { word-break: break-all; }</mj-style>
</mj-head>
<mj-body background-color="${BRAND.cream}" width="560px">
<mj-wrapper padding="24px 12px">
<mj-section background-color="${BRAND.navy}" border-bottom="4px solid ${BRAND.yellow}" border-radius="6px 6px 0 0" padding="18px 28px">
<mj-column><mj-text padding="0" font-family="${DISPLAY_FONT}" font-size="26px" font-weight="900" font-style="italic" letter-spacing="0.02em" line-height="36px" color="${BRAND.white}"><img src="cid:${LOGO_CID}" width="30" height="36" alt="" style="vertical-align: middle; margin-right: 8px; border: 0;"><span style="vertical-align: middle;">${wordmark}</span></mj-text></mj-column>
</mj-section>
<mj-section background-color="${BRAND.white}" border-radius="0 0 6px 6px" padding="28px 28px 20px">
<mj-column>
${greeting}
${blocks}
${signOff}
</mj-column>
</mj-section>
${footer}
</mj-wrapper>
</mj-body>
</mjml>`;
  return { source, values };
}

/** Compiled shapes: few (one per template and its optional parts), kept for the process's life. */
const compiled = new Map<string, Promise<string>>();

// `fonts: {}`: MJML would otherwise link Google's font CSS for 'Roboto' (a request to Google per opened mail).
const MJML_OPTIONS = { validationLevel: 'strict', keepComments: false, fonts: {} } as const;

/** The installed MJML's version: a compiled shape on disk is only used by the MJML that made it. */
const mjmlVersion = lazy(async () => {
  const manifest = path.join(path.dirname(createRequire(import.meta.url).resolve('mjml')), '..', 'package.json');
  return (JSON.parse(await fs.readFile(manifest, 'utf8')) as { version: string }).version;
});

/**
 * Compiled shapes are also kept on disk (`os.tmpdir()/erd-mail-shapes`, named by the hash of MJML's
 * version, the options and the source): a restarted server, the command line and every test file
 * (each a fresh module registry) find them there instead of loading MJML again (~0.6 s in a server,
 * seconds in a test file). A file that cannot be read or written only costs the compilation.
 */
const SHAPE_DIR = path.join(os.tmpdir(), 'erd-mail-shapes');

async function compile(source: string): Promise<string> {
  const key = createHash('sha256')
    .update(`${await mjmlVersion.get()}\n${JSON.stringify(MJML_OPTIONS)}\n${source}`)
    .digest('hex');
  const file = path.join(SHAPE_DIR, `${key}.html`);
  const stored = await fs.readFile(file, 'utf8').catch(() => null);
  if (stored) return stored;
  const render = await mjml.get();
  const result = await render(source, MJML_OPTIONS);
  if (result.errors.length) throw new Error(`MJML: ${result.errors.map((e) => e.formattedMessage ?? e.message).join('; ')}`);
  try {
    await fs.mkdir(SHAPE_DIR, { recursive: true });
    // Written under another name first: a reader never sees half a file.
    const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
    await fs.writeFile(partial, result.html);
    await fs.rename(partial, file);
  } catch {
    // Read-only or full: the shape stays in memory only.
  }
  return result.html;
}

/** The mail's HTML: its shape compiled once (cached), its values filled in. */
export async function renderMailHtml(doc: MailDocument): Promise<string> {
  const shape = shapeOf(doc);
  let html = compiled.get(shape.source);
  if (!html) {
    html = compile(shape.source);
    compiled.set(shape.source, html);
    html.catch(() => compiled.delete(shape.source));
  }
  return (await html).replace(SLOT, (_, n: string) => shape.values[Number(n)] ?? '');
}

/** Wraps text at ~72 characters for the plain-text part (links are never broken). */
function wrap(text: string, width = 72): string {
  return text
    .split('\n')
    .map((line) => {
      const out: string[] = [];
      let current = '';
      for (const word of line.split(' ')) {
        if (current && current.length + 1 + word.length > width) {
          out.push(current);
          current = word;
        } else current = current ? `${current} ${word}` : word;
      }
      out.push(current);
      return out.join('\n');
    })
    .join('\n');
}

/** The plain-text part from the same blocks. */
export function renderMailText(doc: MailDocument): string {
  const parts: string[] = [];
  if (doc.greeting) parts.push(doc.greeting);
  for (const block of doc.blocks) {
    switch (block.type) {
      case 'p':
        parts.push(wrap(block.text));
        break;
      case 'small':
        if (!block.htmlOnly) parts.push(wrap(block.text));
        break;
      case 'heading':
        parts.push(block.text.toUpperCase());
        break;
      case 'button':
        parts.push(`${block.label}:\n${block.href}`);
        break;
      case 'facts':
        parts.push(block.rows.map(([label, value]) => `${label}: ${value}`).join('\n'));
        break;
      case 'quote':
        parts.push(
          `${block.label ? `${block.label}\n` : ''}${block.text
            .split(/\r?\n/)
            .map((line) => `> ${line}`)
            .join('\n')}`,
        );
        break;
      case 'code':
        parts.push(`    ${block.code}`);
        break;
    }
  }
  const signOff = doc.signOff === undefined ? `Dein Team der ${doc.productName}` : doc.signOff;
  if (signOff) parts.push(signOff);
  let text = parts.join('\n\n');
  if (doc.footer) {
    const lines = ['--', wrap(doc.footer.reason)];
    if (doc.footer.unsubscribeUrl) lines.push(`${doc.footer.unsubscribeLabel ?? 'Abmelden'}: ${doc.footer.unsubscribeUrl}`);
    if (doc.footer.preferencesUrl) lines.push(`Benachrichtigungen einstellen: ${doc.footer.preferencesUrl}`);
    if (doc.siteUrl) lines.push(`Impressum: ${doc.siteUrl}/imprint`);
    text += `\n\n${lines.join('\n')}`;
  }
  return `${text}\n`;
}

export async function renderMail(doc: MailDocument): Promise<RenderedMail> {
  const [html, logo] = await Promise.all([renderMailHtml(doc), logoAttachment()]);
  return { subject: doc.subject, text: renderMailText(doc), html, attachments: [logo] };
}
