/**
 * Every e-mail text of the product, in German: plain text plus simple HTML. Newsletter mails must
 * end with `newsletterFooter` (decisions §7: every newsletter mail carries an unsubscribe link).
 */
import { escapeHtml } from '../../lib/text.js';

export interface MailContent {
  subject: string;
  text: string;
  html: string;
  headers?: Record<string, string>;
}


function layout(productName: string, bodyHtml: string): string {
  return `<!doctype html>
<html lang="de">
<head><meta charset="utf-8"><title>${escapeHtml(productName)}</title></head>
<body style="font-family: Arial, Helvetica, sans-serif; font-size: 16px; line-height: 1.5; color: #1a1a1a; max-width: 560px; margin: 0 auto; padding: 24px;">
${bodyHtml}
</body>
</html>
`;
}

export interface NewsletterConfirmationInput {
  productName: string;
  confirmUrl: string;
  validDays: number;
}

/** The double opt-in mail: only the confirmation, no advertising (decisions §7). */
export function newsletterConfirmationMail(input: NewsletterConfirmationInput): MailContent {
  const subject = `Bitte bestätige deine Newsletter-Anmeldung – ${input.productName}`;
  const text = [
    'Hallo,',
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
    `<p>Hallo,</p>
<p>du hast dich (oder jemand hat dich) für den Newsletter der ${escapeHtml(input.productName)} angemeldet. Bitte bestätige deine Anmeldung:</p>
<p><a href="${escapeHtml(input.confirmUrl)}">Anmeldung bestätigen</a></p>
<p style="font-size: 14px; color: #555;">Falls der Knopf nicht funktioniert, kopiere diesen Link in deinen Browser:<br>${escapeHtml(input.confirmUrl)}</p>
<p>Der Link ist ${input.validDays} Tage gültig. Erst nach der Bestätigung bekommst du unseren Newsletter. Wenn du dich nicht angemeldet hast, ignoriere diese E-Mail einfach – dann passiert nichts.</p>
<p>Dein Team der ${escapeHtml(input.productName)}</p>`,
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
    html: `<hr style="border: 0; border-top: 1px solid #ddd; margin: 32px 0 16px;">
<p style="font-size: 13px; color: #555;">Du bekommst diese E-Mail, weil du den Newsletter der ${escapeHtml(input.productName)} abonniert hast. <a href="${escapeHtml(input.unsubscribeUrl)}">Vom Newsletter abmelden</a></p>`,
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
}

/** A small standalone German HTML page (newsletter confirmation and unsubscribe answers). */
export function simplePage(input: HtmlPageInput): string {
  return `<!doctype html>
<html lang="de">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(input.title)} – ${escapeHtml(input.productName)}</title>
<style>
body { font-family: Arial, Helvetica, sans-serif; margin: 0; min-height: 100vh; display: flex; align-items: center; justify-content: center; background: #f4f4f4; color: #1a1a1a; }
main { background: #fff; padding: 32px; max-width: 480px; margin: 16px; border-radius: 8px; text-align: center; }
a { display: inline-block; margin-top: 16px; padding: 12px 24px; background: #1a1a1a; color: #fff; text-decoration: none; border-radius: 4px; }
</style>
</head>
<body>
<main>
<h1>${escapeHtml(input.title)}</h1>
<p>${escapeHtml(input.message)}</p>
<a href="${escapeHtml(input.homeUrl)}">${escapeHtml(input.linkText ?? 'Zur Startseite')}</a>
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
}

/** The sign-up confirmation code (decisions §2: 6 digits, valid 24 h), with the magic link (spec §4). */
export function signupCodeMail(input: SignupCodeMailInput): MailContent {
  // The code stays out of the subject: subjects end up in logs and outbox file names.
  const subject = `Dein Bestätigungscode – ${input.productName}`;
  const text = [
    'Hallo,',
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
    `<p>Hallo,</p>
<p>willkommen bei der ${escapeHtml(input.productName)}! Bitte bestätige deine E-Mail-Adresse mit diesem Code:</p>
<p style="font-size: 28px; font-weight: bold; letter-spacing: 4px;">${escapeHtml(input.code)}</p>
<p><a href="${escapeHtml(input.confirmUrl)}">E-Mail-Adresse jetzt bestätigen</a></p>
<p style="font-size: 14px; color: #555;">Falls der Link nicht funktioniert, kopiere ihn in deinen Browser:<br>${escapeHtml(input.confirmUrl)}</p>
<p>Der Code ist ${input.validHours} Stunden gültig. Wenn du dich nicht registriert hast, ignoriere diese E-Mail einfach – dann passiert nichts.</p>
<p>Dein Team der ${escapeHtml(input.productName)}</p>`,
  );
  return { subject, text, html };
}

export interface PasswordResetCodeMailInput {
  productName: string;
  code: string;
  /** The screen where code and new password are entered. */
  changePasswordUrl: string;
  validMinutes: number;
}

/** The code for a new password (decisions §2: 6 digits, valid 1 h). */
export function passwordResetCodeMail(input: PasswordResetCodeMailInput): MailContent {
  const subject = `Dein Code für ein neues Passwort – ${input.productName}`;
  const text = [
    'Hallo,',
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
    `<p>Hallo,</p>
<p>du möchtest ein neues Passwort für die ${escapeHtml(input.productName)} festlegen. Dein Code:</p>
<p style="font-size: 28px; font-weight: bold; letter-spacing: 4px;">${escapeHtml(input.code)}</p>
<p>Gib ihn zusammen mit deinem neuen Passwort hier ein: <a href="${escapeHtml(input.changePasswordUrl)}">${escapeHtml(input.changePasswordUrl)}</a></p>
<p>Der Code ist ${input.validMinutes} Minuten gültig. Wenn du kein neues Passwort angefordert hast, ignoriere diese E-Mail – dein Passwort bleibt unverändert.</p>
<p>Dein Team der ${escapeHtml(input.productName)}</p>`,
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
