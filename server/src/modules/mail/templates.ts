/**
 * Every e-mail text of the product, in German: plain text plus HTML in the site's design (issue 24:
 * the navy bar with the wordmark, the brand's yellow button, the greeting by name where the name is
 * known). Newsletter mails must end with `newsletterFooter` (decisions §7: every newsletter mail
 * carries an unsubscribe link). No images are loaded (the wordmark is text: nothing to block, nothing
 * that tells the sender a mail was opened), no tracking, no advertising.
 */
import { escapeHtml, isSingleLineText } from '../../lib/text.js';
import { BRAND, SHIELD_SVG, wordmarkParts } from '../share-cards/brand.js';

export interface MailContent {
  subject: string;
  text: string;
  html: string;
  headers?: Record<string, string>;
}

/** The site's display face (shared-contracts/src/ui/fonts.ts) where the reader has it, else a narrow sans. */
const DISPLAY_FONT = "'Roboto Condensed', 'Arial Narrow', Arial, Helvetica, sans-serif";
const BODY_FONT = 'Arial, Helvetica, sans-serif';

/**
 * The first name to greet, as given at sign-up, or null: one line of printable text (a name with
 * a line break or a control character is not used), whitespace collapsed, at most 60 characters.
 */
export function greetingName(name: string | null | undefined): string | null {
  const trimmed = name?.replace(/\s+/g, ' ').trim();
  if (!trimmed || !isSingleLineText(trimmed)) return null;
  return Array.from(trimmed).slice(0, 60).join('');
}

/** 'Hallo Erika,' where the name is known, else 'Hallo,' (the plain-text part). */
export function greeting(name?: string | null): string {
  const known = greetingName(name);
  return known ? `Hallo ${known},` : 'Hallo,';
}

const greetingHtml = (name?: string | null) => `<p style="margin: 0 0 16px;">${escapeHtml(greeting(name))}</p>`;

/** The wordmark as the header draws it ('PUNKTE' white, 'JAGD' yellow), as text. */
function wordmarkHtml(productName: string): string {
  const [first, second] = wordmarkParts(productName);
  return (
    `<span style="font-family: ${DISPLAY_FONT}; font-size: 26px; font-weight: 900; font-style: italic; letter-spacing: 0.02em; line-height: 1; color: ${BRAND.white};">` +
    `${escapeHtml(first)}${second ? `<span style="color: ${BRAND.yellow};">${escapeHtml(second)}</span>` : ''}</span>`
  );
}

/** The site's primary button (yellow on navy text), written so every mail program shows it as one. */
function buttonHtml(href: string, label: string): string {
  return (
    `<p style="margin: 24px 0;"><a href="${escapeHtml(href)}" style="display: inline-block; padding: 12px 24px; border-radius: 6px; background: ${BRAND.yellow}; ` +
    `color: ${BRAND.navy}; font-family: ${DISPLAY_FONT}; font-size: 16px; font-weight: 800; letter-spacing: 0.04em; text-transform: uppercase; text-decoration: none;">` +
    `${escapeHtml(label)}</a></p>`
  );
}

/** A code to type in (sign-up, new password): large, in the display face. */
function codeHtml(code: string): string {
  return (
    `<p style="margin: 16px 0; padding: 12px 16px; border-radius: 6px; background: ${BRAND.cream}; border: 1px solid ${BRAND.border}; text-align: center; ` +
    `font-family: ${DISPLAY_FONT}; font-size: 32px; font-weight: 800; letter-spacing: 6px; color: ${BRAND.navy};">${escapeHtml(code)}</p>`
  );
}

/** A link for a reader whose mail program does not open the button: small, to copy. */
function fallbackLinkHtml(url: string, lead = 'Falls der Knopf nicht funktioniert, kopiere diesen Link in deinen Browser:'): string {
  return `<p style="font-size: 14px; color: ${BRAND.muted}; word-break: break-all;">${escapeHtml(lead)}<br>${escapeHtml(url)}</p>`;
}

const signOffHtml = (productName: string) => `<p style="margin: 24px 0 0;">Dein Team der ${escapeHtml(productName)}</p>`;

/**
 * The HTML frame of every mail: the page's background, a white card of at most 560 px with the navy
 * bar and the wordmark on top, the text, and the product's name below (nothing more: the newsletter
 * confirmation carries no advertising, decisions §7). Tables and inline styles, as
 * mail programs need them; `preheader` is the line a mail program shows beside the subject.
 */
function layout(productName: string, bodyHtml: string, preheader = ''): string {
  return `<!doctype html>
<html lang="de">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="color-scheme" content="light"><title>${escapeHtml(productName)}</title></head>
<body style="margin: 0; padding: 0; background: ${BRAND.cream};">
${preheader ? `<div style="display: none; max-height: 0; overflow: hidden; opacity: 0;">${escapeHtml(preheader)}</div>\n` : ''}<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background: ${BRAND.cream};">
<tr><td align="center" style="padding: 24px 12px;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="max-width: 560px; background: ${BRAND.white}; border-radius: 6px; overflow: hidden;">
<tr><td style="padding: 20px 28px; background: ${BRAND.navy}; border-bottom: 4px solid ${BRAND.yellow};">${wordmarkHtml(productName)}</td></tr>
<tr><td style="padding: 28px; font-family: ${BODY_FONT}; font-size: 16px; line-height: 1.5; color: ${BRAND.ink};">
${bodyHtml}
</td></tr>
</table>
<p style="margin: 16px 0 0; font-family: ${BODY_FONT}; font-size: 12px; color: ${BRAND.muted};">${escapeHtml(productName)}</p>
</td></tr>
</table>
</body>
</html>
`;
}

export interface NewsletterConfirmationInput {
  productName: string;
  confirmUrl: string;
  validDays: number;
  /** The first name, where known: 'Hallo Erika,'. */
  name?: string | null;
}

/** The double opt-in mail: only the confirmation, no advertising (decisions §7). */
export function newsletterConfirmationMail(input: NewsletterConfirmationInput): MailContent {
  const subject = `Bitte bestätige deine Newsletter-Anmeldung – ${input.productName}`;
  const text = [
    greeting(input.name),
    '',
    `du hast dich (oder jemand hat dich) für den Newsletter der ${input.productName} angemeldet.`,
    'Bitte bestätige deine Anmeldung mit einem Klick auf diesen Link:',
    '',
    input.confirmUrl,
    '',
    `Der Link ist ${input.validDays} Tage gültig. Erst nach der Bestätigung bekommst du unseren Newsletter.`,
    'Wenn du dich nicht angemeldet hast, ignoriere diese E-Mail einfach – dann passiert nichts.',
    '',
    `Dein Team der ${input.productName}`,
    '',
  ].join('\n');
  const html = layout(
    input.productName,
    `${greetingHtml(input.name)}
<p>du hast dich (oder jemand hat dich) für den Newsletter der ${escapeHtml(input.productName)} angemeldet. Bitte bestätige deine Anmeldung:</p>
${buttonHtml(input.confirmUrl, 'Anmeldung bestätigen')}
${fallbackLinkHtml(input.confirmUrl)}
<p>Der Link ist ${input.validDays} Tage gültig. Erst nach der Bestätigung bekommst du unseren Newsletter. Wenn du dich nicht angemeldet hast, ignoriere diese E-Mail einfach – dann passiert nichts.</p>
${signOffHtml(input.productName)}`,
    'Nur noch ein Klick: bitte bestätige deine Anmeldung.',
  );
  return { subject, text, html };
}

export interface NewsletterFooter {
  text: string;
  html: string;
  /** RFC 2369 header, so mail programs offer "abmelden" too. */
  headers: Record<string, string>;
}

/** The footer every newsletter mail must carry (decisions §7). */
export function newsletterFooter(input: { productName: string; unsubscribeUrl: string }): NewsletterFooter {
  return {
    text: [
      '',
      '--',
      `Du bekommst diese E-Mail, weil du den Newsletter der ${input.productName} abonniert hast.`,
      `Abmelden: ${input.unsubscribeUrl}`,
      '',
    ].join('\n'),
    html: `<hr style="border: 0; border-top: 1px solid ${BRAND.border}; margin: 32px 0 16px;">
<p style="font-size: 13px; color: ${BRAND.muted};">Du bekommst diese E-Mail, weil du den Newsletter der ${escapeHtml(input.productName)} abonniert hast. <a href="${escapeHtml(input.unsubscribeUrl)}">Vom Newsletter abmelden</a></p>`,
    headers: { 'List-Unsubscribe': `<${input.unsubscribeUrl}>` },
  };
}

/**
 * Builds a newsletter mail: content plus the mandatory unsubscribe footer (for the newsletter
 * sending that a later back-office issue adds).
 */
export function newsletterMail(input: {
  productName: string;
  subject: string;
  text: string;
  html: string;
  unsubscribeUrl: string;
}): MailContent {
  const footer = newsletterFooter(input);
  return {
    subject: input.subject,
    text: `${input.text.trimEnd()}\n${footer.text}`,
    html: layout(input.productName, `${input.html}\n${footer.html}`),
    headers: footer.headers,
  };
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
export function signupCodeMail(input: SignupCodeMailInput): MailContent {
  // The code stays out of the subject: subjects end up in logs and outbox file names.
  const subject = `Dein Bestätigungscode – ${input.productName}`;
  const text = [
    greeting(input.name),
    '',
    `willkommen bei der ${input.productName}! Bitte bestätige deine E-Mail-Adresse mit diesem Code:`,
    '',
    `    ${input.code}`,
    '',
    'Oder öffne diesen Link, dann wird der Code für dich eingetragen:',
    '',
    input.confirmUrl,
    '',
    `Der Code ist ${input.validHours} Stunden gültig.`,
    'Wenn du dich nicht registriert hast, ignoriere diese E-Mail einfach – dann passiert nichts.',
    '',
    `Dein Team der ${input.productName}`,
    '',
  ].join('\n');
  const html = layout(
    input.productName,
    `${greetingHtml(input.name)}
<p>willkommen bei der ${escapeHtml(input.productName)}! Bitte bestätige deine E-Mail-Adresse mit diesem Code:</p>
${codeHtml(input.code)}
${buttonHtml(input.confirmUrl, 'E-Mail-Adresse bestätigen')}
${fallbackLinkHtml(input.confirmUrl, 'Falls der Knopf nicht funktioniert, kopiere diesen Link in deinen Browser – dann wird der Code für dich eingetragen:')}
<p>Der Code ist ${input.validHours} Stunden gültig. Wenn du dich nicht registriert hast, ignoriere diese E-Mail einfach – dann passiert nichts.</p>
${signOffHtml(input.productName)}`,
    'Dein Code für die Anmeldung ist da.',
  );
  return { subject, text, html };
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
export function passwordResetCodeMail(input: PasswordResetCodeMailInput): MailContent {
  const subject = `Dein Code für ein neues Passwort – ${input.productName}`;
  const text = [
    greeting(input.name),
    '',
    `du möchtest ein neues Passwort für die ${input.productName} festlegen. Dein Code:`,
    '',
    `    ${input.code}`,
    '',
    `Gib ihn zusammen mit deinem neuen Passwort hier ein: ${input.changePasswordUrl}`,
    '',
    `Der Code ist ${input.validMinutes} Minuten gültig.`,
    'Wenn du kein neues Passwort angefordert hast, ignoriere diese E-Mail – dein Passwort bleibt unverändert.',
    '',
    `Dein Team der ${input.productName}`,
    '',
  ].join('\n');
  const html = layout(
    input.productName,
    `${greetingHtml(input.name)}
<p>du möchtest ein neues Passwort für die ${escapeHtml(input.productName)} festlegen. Dein Code:</p>
${codeHtml(input.code)}
<p>Gib ihn zusammen mit deinem neuen Passwort hier ein:</p>
${buttonHtml(input.changePasswordUrl, 'Neues Passwort festlegen')}
${fallbackLinkHtml(input.changePasswordUrl)}
<p>Der Code ist ${input.validMinutes} Minuten gültig. Wenn du kein neues Passwort angefordert hast, ignoriere diese E-Mail – dein Passwort bleibt unverändert.</p>
${signOffHtml(input.productName)}`,
    'Dein Code für ein neues Passwort ist da.',
  );
  return { subject, text, html };
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
export function clubRequestMail(input: ClubRequestMailInput): MailContent {
  const subject = `Verein nicht gefunden – Anfrage zur ${input.productName}`;
  const rows: [string, string][] = [
    ['Verein', input.clubName],
    ['Vereinsnummer', input.clubNumber || '(nicht angegeben)'],
    ['Team', input.team],
    ['E-Mail für die Antwort', input.email],
  ];
  const text = [
    'Hallo,',
    '',
    `über die Registrierung der ${input.productName} wurde ein Verein gemeldet, der in der Vereinsliste fehlt:`,
    '',
    ...rows.map(([label, value]) => `${label}: ${value}`),
    ...(input.note ? ['', 'Nachricht:', input.note] : []),
    '',
    'Bitte lege den Verein im Backoffice an (Vereine) und antworte auf diese E-Mail, sobald er auswählbar ist:',
    'die Antwort geht an die angegebene Adresse.',
    '',
  ].join('\n');
  const html = layout(
    input.productName,
    `<p>Hallo,</p>
<p>über die Registrierung der ${escapeHtml(input.productName)} wurde ein Verein gemeldet, der in der Vereinsliste fehlt:</p>
<table style="border-collapse: collapse;">${rows
      .map(([label, value]) => `<tr><th style="text-align: left; padding: 4px 16px 4px 0; vertical-align: top;">${escapeHtml(label)}</th><td style="padding: 4px 0;">${escapeHtml(value)}</td></tr>`)
      .join('')}</table>
${input.note ? `<p><strong>Nachricht:</strong></p>\n<p style="white-space: pre-wrap;">${escapeHtml(input.note)}</p>` : ''}
<p>Bitte lege den Verein im Backoffice an (Vereine) und antworte auf diese E-Mail, sobald er auswählbar ist: die Antwort geht an die angegebene Adresse.</p>`,
  );
  return { subject, text, html };
}
