/**
 * Every e-mail text of the product outside the notifications (codes, confirmations, the club
 * request), in German, rendered by the one MJML layout (mail/mjml.ts, decision 0019): plain text plus
 * HTML in the site's design, greeting by name where the name is known. Newsletter mails must carry
 * `newsletterFooter` (decisions §7: every newsletter mail carries an unsubscribe link). No pictures
 * are loaded (the shield travels with the mail), no tracking, no advertising. Also the small German
 * pages the public links answer with (`simplePage`).
 */
import { escapeHtml, isSingleLineText } from '../../lib/text.js';
import { BRAND, SHIELD_SVG, wordmarkParts } from '../share-cards/brand.js';
import type { InlineAttachment } from './logo.js';
import { renderMail, type MailBlock, type MailFooter } from './mjml.js';

export interface MailContent {
  subject: string;
  text: string;
  html: string;
  headers?: Record<string, string>;
  attachments?: InlineAttachment[];
}

/** The site's display face (shared-contracts/src/ui/fonts.ts) where the reader has it, else a narrow sans. */
const DISPLAY_FONT = "'Roboto Condensed', 'Arial Narrow', Arial, Helvetica, sans-serif";

/**
 * The first name to greet, as given at sign-up, or null: one line of printable text (a name with
 * a line break or a control character is not used), whitespace collapsed, at most 60 characters.
 */
export function greetingName(name: string | null | undefined): string | null {
  const trimmed = name?.replace(/\s+/g, ' ').trim();
  if (!trimmed || !isSingleLineText(trimmed)) return null;
  return Array.from(trimmed).slice(0, 60).join('');
}

/** 'Hallo Erika,' where the name is known, else 'Hallo,'. */
export function greeting(name?: string | null): string {
  const known = greetingName(name);
  return known ? `Hallo ${known},` : 'Hallo,';
}

/** A link for a reader whose mail program does not open the button (HTML only: the text part has the link already). */
const fallbackLink = (url: string, lead = 'Falls der Knopf nicht funktioniert, kopiere diesen Link in deinen Browser:'): MailBlock => ({
  type: 'small',
  text: `${lead} ${url}`,
  htmlOnly: true,
});

export interface NewsletterConfirmationInput {
  productName: string;
  confirmUrl: string;
  validDays: number;
  /** The first name, where known: 'Hallo Erika,'. */
  name?: string | null;
}

/** The double opt-in mail: only the confirmation, no advertising (decisions §7). */
export function newsletterConfirmationMail(input: NewsletterConfirmationInput): Promise<MailContent> {
  return renderMail({
    productName: input.productName,
    subject: `Bitte bestätige deine Newsletter-Anmeldung – ${input.productName}`,
    preheader: 'Nur noch ein Klick: bitte bestätige deine Anmeldung.',
    greeting: greeting(input.name),
    blocks: [
      {
        type: 'p',
        text: `du hast dich (oder jemand hat dich) für den Newsletter der ${input.productName} angemeldet. Bitte bestätige deine Anmeldung:`,
      },
      { type: 'button', label: 'Anmeldung bestätigen', href: input.confirmUrl },
      fallbackLink(input.confirmUrl),
      {
        type: 'p',
        text: `Der Link ist ${input.validDays} Tage gültig. Erst nach der Bestätigung bekommst du unseren Newsletter. Wenn du dich nicht angemeldet hast, ignoriere diese E-Mail einfach – dann passiert nichts.`,
      },
    ],
  });
}

export interface NewsletterFooter {
  text: string;
  /** RFC 2369 header, so mail programs offer "abmelden" too. */
  headers: Record<string, string>;
  /** The footer of the mail's HTML part (see `newsletterMail`). */
  footer: MailFooter;
}

/** The footer every newsletter mail must carry (decisions §7). */
export function newsletterFooter(input: { productName: string; unsubscribeUrl: string }): NewsletterFooter {
  const reason = `Du bekommst diese E-Mail, weil du den Newsletter der ${input.productName} abonniert hast.`;
  return {
    text: ['', '--', reason, `Abmelden: ${input.unsubscribeUrl}`, ''].join('\n'),
    headers: { 'List-Unsubscribe': `<${input.unsubscribeUrl}>` },
    footer: { reason, unsubscribeUrl: input.unsubscribeUrl, unsubscribeLabel: 'Vom Newsletter abmelden' },
  };
}

/**
 * Builds a newsletter mail from plain text (paragraphs split at blank lines) plus the mandatory
 * unsubscribe footer (for the newsletter sending that a later back-office issue adds).
 */
export async function newsletterMail(input: {
  productName: string;
  subject: string;
  text: string;
  unsubscribeUrl: string;
  siteUrl?: string;
}): Promise<MailContent> {
  const { footer, headers } = newsletterFooter(input);
  const paragraphs = input.text
    .trim()
    .split(/\n\s*\n/)
    .map((text): MailBlock => ({ type: 'p', text: text.trim() }));
  const mail = await renderMail({
    productName: input.productName,
    subject: input.subject,
    blocks: paragraphs,
    signOff: null,
    footer,
    siteUrl: input.siteUrl,
  });
  return { ...mail, headers };
}

export interface HtmlPageInput {
  productName: string;
  title: string;
  message: string;
  homeUrl: string;
  linkText?: string;
  /** Where the card's link goes, if not to `homeUrl` (the header's wordmark always goes there). */
  linkUrl?: string;
  /**
   * A button that sends a POST form (works without JavaScript), shown before the link, which then
   * looks like a plain link: e.g. 'Wieder einschalten' on the unsubscribe page. `fields` are hidden inputs.
   */
  form?: { action: string; label: string; fields?: Record<string, string> };
}

/** The header's shield (share-cards' drawing of host/src/components/logo.tsx), inline at the header's size. */
const SHIELD_SVG_INLINE = SHIELD_SVG.replace('<svg ', '<svg width="30" height="36" aria-hidden="true" focusable="false" ');

function formHtml(form: NonNullable<HtmlPageInput['form']>): string {
  const hidden = Object.entries(form.fields ?? {})
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('');
  return `<form method="post" action="${escapeHtml(form.action)}">${hidden}<button class="button" type="submit">${escapeHtml(form.label)}</button></form>`;
}

/**
 * A small standalone German HTML page (newsletter confirmation and unsubscribe answers) in the site's
 * design: the navy header bar with the shield and the wordmark (a link to the home page), the page's
 * background, a card with the headline in the display face and the site's yellow button.
 */
export function simplePage(input: HtmlPageInput): string {
  const [first, second] = wordmarkParts(input.productName);
  return `<!doctype html>
<html lang="de">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<meta name="theme-color" content="${BRAND.navy}">
<title>${escapeHtml(input.title)} – ${escapeHtml(input.productName)}</title>
<style>
*, *::before, *::after { box-sizing: border-box; }
body { margin: 0; min-height: 100vh; display: flex; flex-direction: column; background: ${BRAND.cream}; color: ${BRAND.ink};
  font-family: system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif; font-size: 16px; line-height: 1.5; }
header { height: 64px; background: ${BRAND.navy}; box-shadow: 0 1px 0 rgba(255, 255, 255, 0.08); }
header a { display: inline-flex; align-items: center; gap: 8px; height: 100%; padding: 0 16px; color: ${BRAND.white}; text-decoration: none; }
.wordmark { font-family: ${DISPLAY_FONT}; font-weight: 900; font-style: italic; letter-spacing: 0.02em; font-size: 1.5rem; line-height: 1; }
.wordmark span { color: ${BRAND.yellow}; }
main { flex: 1; display: flex; align-items: center; justify-content: center; padding: 24px 16px; }
.card { width: 100%; max-width: 520px; background: ${BRAND.white}; border-radius: 6px; box-shadow: 0 2px 10px rgba(11, 42, 74, 0.12); padding: 32px 24px; text-align: center; }
h1 { margin: 0 0 12px; font-family: ${DISPLAY_FONT}; font-weight: 900; text-transform: uppercase; line-height: 1.05; font-size: clamp(1.75rem, 6vw, 2.5rem); color: ${BRAND.navy}; overflow-wrap: anywhere; }
p { margin: 0; }
.button { display: inline-flex; align-items: center; justify-content: center; min-height: 44px; margin-top: 24px; padding: 10px 20px; border-radius: 6px;
  background: ${BRAND.yellow}; color: ${BRAND.navy}; font-family: ${DISPLAY_FONT}; font-weight: 800; letter-spacing: 0.04em; text-transform: uppercase; text-decoration: none; }
.button:hover { background: #ffc928; }
button.button { border: 0; font-size: 1rem; cursor: pointer; }
form { margin: 0; }
.link { display: inline-block; margin-top: 16px; padding: 8px 4px; color: ${BRAND.navy}; font-weight: 700; }
a:focus-visible, button:focus-visible { outline: 3px solid #2f80ed; outline-offset: 2px; }
@media (min-width: 900px) { header { height: 80px; } header a { padding: 0 32px; } }
</style>
</head>
<body>
<header><a href="${escapeHtml(input.homeUrl)}" aria-label="${escapeHtml(input.productName)} – zur Startseite">${SHIELD_SVG_INLINE}<span class="wordmark">${escapeHtml(first)}${second ? `<span>${escapeHtml(second)}</span>` : ''}</span></a></header>
<main>
<div class="card">
<h1>${escapeHtml(input.title)}</h1>
<p>${escapeHtml(input.message)}</p>
${input.form ? `${formHtml(input.form)}\n` : ''}<a class="${input.form ? 'link' : 'button'}" href="${escapeHtml(input.linkUrl ?? input.homeUrl)}">${escapeHtml(input.linkText ?? 'Zur Startseite')}</a>
</div>
</main>
</body>
</html>
`;
}

export interface SignupCodeMailInput {
  productName: string;
  code: string;
  /** `${PUBLIC_URL}/confirmation?MAGIC_LINK=…`: opens the confirmation screen with address and code filled in. */
  confirmUrl: string;
  validHours: number;
  /** The first name given at sign-up: 'Hallo Erika,'. */
  name?: string | null;
}

/** The sign-up confirmation code (decisions §2: 6 digits, valid 24 h), with the magic link (spec §4). */
export function signupCodeMail(input: SignupCodeMailInput): Promise<MailContent> {
  return renderMail({
    productName: input.productName,
    // The code stays out of the subject: subjects end up in logs and outbox file names.
    subject: `Dein Bestätigungscode – ${input.productName}`,
    preheader: 'Dein Code für die Anmeldung ist da.',
    greeting: greeting(input.name),
    blocks: [
      { type: 'p', text: `willkommen bei der ${input.productName}! Bitte bestätige deine E-Mail-Adresse mit diesem Code:` },
      { type: 'code', code: input.code },
      { type: 'button', label: 'E-Mail-Adresse bestätigen', href: input.confirmUrl },
      fallbackLink(
        input.confirmUrl,
        'Falls der Knopf nicht funktioniert, kopiere diesen Link in deinen Browser – dann wird der Code für dich eingetragen:',
      ),
      {
        type: 'p',
        text: `Der Code ist ${input.validHours} Stunden gültig. Wenn du dich nicht registriert hast, ignoriere diese E-Mail einfach – dann passiert nichts.`,
      },
    ],
  });
}

export interface PasswordResetCodeMailInput {
  productName: string;
  code: string;
  /** The screen where code and new password are entered. */
  changePasswordUrl: string;
  validMinutes: number;
  /** The first name of the account's contact, where known: 'Hallo Erika,'. */
  name?: string | null;
}

/** The code for a new password (decisions §2: 6 digits, valid 1 h). */
export function passwordResetCodeMail(input: PasswordResetCodeMailInput): Promise<MailContent> {
  return renderMail({
    productName: input.productName,
    subject: `Dein Code für ein neues Passwort – ${input.productName}`,
    preheader: 'Dein Code für ein neues Passwort ist da.',
    greeting: greeting(input.name),
    blocks: [
      { type: 'p', text: `du möchtest ein neues Passwort für die ${input.productName} festlegen. Dein Code:` },
      { type: 'code', code: input.code },
      { type: 'p', text: 'Gib ihn zusammen mit deinem neuen Passwort hier ein:' },
      { type: 'button', label: 'Neues Passwort festlegen', href: input.changePasswordUrl },
      fallbackLink(input.changePasswordUrl),
      {
        type: 'p',
        text: `Der Code ist ${input.validMinutes} Minuten gültig. Wenn du kein neues Passwort angefordert hast, ignoriere diese E-Mail – dein Passwort bleibt unverändert.`,
      },
    ],
  });
}

export interface ClubRequestMailInput {
  productName: string;
  clubName: string;
  clubNumber?: string;
  /** 'Herren' or 'Damen'. */
  team: string;
  /** Where to answer (the mail's Reply-To, set by the sender). */
  email: string;
  note?: string;
}

/**
 * 'Verein nicht gefunden?' (issue 24): a visitor's club is not in the catalogue; to the service
 * address. The visitor's texts stay out of the subject (subjects end up in logs and file names).
 */
export function clubRequestMail(input: ClubRequestMailInput): Promise<MailContent> {
  return renderMail({
    productName: input.productName,
    subject: `Verein nicht gefunden – Anfrage zur ${input.productName}`,
    greeting: 'Hallo,',
    blocks: [
      { type: 'p', text: `über die Registrierung der ${input.productName} wurde ein Verein gemeldet, der in der Vereinsliste fehlt:` },
      {
        type: 'facts',
        rows: [
          ['Verein', input.clubName],
          ['Vereinsnummer', input.clubNumber || '(nicht angegeben)'],
          ['Team', input.team],
          ['E-Mail für die Antwort', input.email],
        ],
      },
      ...(input.note ? [{ type: 'quote' as const, label: 'Nachricht', text: input.note }] : []),
      {
        type: 'p',
        text: 'Bitte lege den Verein im Backoffice an (Vereine) und antworte auf diese E-Mail, sobald er auswählbar ist: die Antwort geht an die angegebene Adresse.',
      },
    ],
    signOff: null,
  });
}
