import {
  greeting,
  greetingName,
  newsletterConfirmationMail,
  newsletterMail,
  passwordResetCodeMail,
  signupCodeMail,
  simplePage,
  type MailContent,
} from './templates.js';

/** The mails and the newsletter's pages in the site's design (issue 24). */

const productName = 'Punktejagd';
const signup = (name?: string | null) =>
  signupCodeMail({
    productName,
    code: '042133',
    confirmUrl: 'https://punktejagd.example/confirmation?MAGIC_LINK=a%26b',
    validHours: 24,
    name,
  });
const reset = (name?: string | null) =>
  passwordResetCodeMail({
    productName,
    code: '987654',
    changePasswordUrl: 'https://punktejagd.example/changePassword',
    validMinutes: 60,
    name,
  });
const newsletter = (name?: string | null) =>
  newsletterConfirmationMail({
    productName,
    confirmUrl: 'https://punktejagd.example/api/public/newsletter/confirm?token=t',
    validDays: 7,
    name,
  });

const mails: [string, (name?: string | null) => Promise<MailContent>][] = [
  ['sign-up code', signup],
  ['password reset', reset],
  ['newsletter confirmation', newsletter],
];

/** The HTML part's visible text, roughly as a mail program shows it. */
const visibleText = (html: string) =>
  html
    .replace(/<head>[\s\S]*<\/head>/, '')
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<div style="display:none[^"]*">[\s\S]*?<\/div>/, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();

describe.each(mails)('the %s mail', (_, make) => {
  it('has a plain-text part and an HTML part in the site’s design (MJML): the navy bar with the shield and the wordmark, the brand’s yellow', async () => {
    const mail = await make();
    expect(mail.text.length).toBeGreaterThan(100);
    expect(mail.text).not.toMatch(/<[a-z]/i);
    expect(mail.html).toMatch(/^<!doctype html>/i);
    expect(mail.html).toContain('lang="de"');
    expect(mail.html).toContain('#0b2a4a');
    expect(mail.html).toContain('src="cid:shield@punktejagd"');
    expect(mail.attachments?.map((a) => a.cid)).toEqual(['shield@punktejagd']);
    // the wordmark as the header draws it: PUNKTE white, JAGD yellow
    expect(mail.html).toMatch(/PUNKTE<span style="color: #f2b705;">JAGD<\/span>/);
    expect(mail.text).toContain('Dein Team der Punktejagd');
    expect(visibleText(mail.html)).toContain('Dein Team der Punktejagd');
  });

  it('greets by name where the name is known, in both parts', async () => {
    const mail = await make('Erika');
    expect(mail.text.split('\n')[0]).toBe('Hallo Erika,');
    expect(visibleText(mail.html)).toContain('Hallo Erika,');
    expect((await make('  Anna   Lena ')).text.split('\n')[0]).toBe('Hallo Anna Lena,');
  });

  it.each([undefined, null, '', '   '])('without a name (%p): Hallo,', async (name) => {
    const mail = await make(name);
    expect(mail.text.split('\n')[0]).toBe('Hallo,');
    expect(visibleText(mail.html)).toMatch(/JAGD Hallo, /);
  });

  it('escapes the name in the HTML part (the text part has it as typed)', async () => {
    const mail = await make('<b>Kim</b> & "Co"');
    expect(mail.html).toContain('Hallo &lt;b&gt;Kim&lt;/b&gt; &amp; &quot;Co&quot;,');
    expect(mail.html).not.toContain('<b>Kim</b>');
    expect(mail.text.split('\n')[0]).toBe('Hallo <b>Kim</b> & "Co",');
  });

  it('a name with a control character or a bidi override is not used', async () => {
    expect((await make('Erika\u0007')).text.split('\n')[0]).toBe('Hallo,');
    expect(visibleText((await make('Erika\u202Eevil')).html)).toMatch(/JAGD Hallo, /);
  });

  it('loads nothing and counts nothing: the only picture travels with the mail, no tracking pixel, no outside style', async () => {
    const { html } = await make('Erika');
    expect([...html.matchAll(/<img[^>]*src="([^"]+)"/g)].map((m) => m[1])).toEqual(['cid:shield@punktejagd']);
    expect(html).not.toMatch(/<link|<script|background-image/i);
  });
});

describe('the contents', () => {
  it('sign-up: the code large in both parts, the magic link as the button (escaped) and once in the text part', async () => {
    const mail = await signup('Erika');
    expect(mail.text).toContain('    042133\n');
    expect(mail.text.match(/https:\/\/punktejagd\.example\/confirmation\?MAGIC_LINK=a%26b/g)).toHaveLength(1);
    expect(mail.html).toMatch(/font-size: 32px; font-weight: 800; letter-spacing: 6px; color: #0b2a4a;">042133<\/div>/);
    expect(mail.html).toMatch(
      /<a\s+href="https:\/\/punktejagd\.example\/confirmation\?MAGIC_LINK=a%26b"[^>]*>\s*E-Mail-Adresse bestätigen\s*<\/a>/,
    );
    expect(mail.subject).not.toContain('042133');
  });

  it('password reset: the code and the button to the screen where it is entered', async () => {
    const mail = await reset();
    expect(mail.text).toContain('    987654\n');
    expect(mail.text).toContain('Neues Passwort festlegen:\nhttps://punktejagd.example/changePassword');
    expect(mail.html).toMatch(/<a\s+href="https:\/\/punktejagd\.example\/changePassword"[^>]*>\s*Neues Passwort festlegen\s*<\/a>/);
    expect(mail.subject).not.toContain('987654');
  });

  it('newsletter confirmation: only the confirmation, no advertising: no link but the confirmation link', async () => {
    const mail = await newsletter();
    const links = [...new Set([...mail.html.matchAll(/href="([^"]+)"/g)].map((m) => m[1]))];
    expect(links).toEqual(['https://punktejagd.example/api/public/newsletter/confirm?token=t']);
    expect(mail.text.match(/https?:\/\/\S+/g)).toEqual(['https://punktejagd.example/api/public/newsletter/confirm?token=t']);
    expect(visibleText(mail.html)).toContain('Anmeldung bestätigen');
    expect(visibleText(mail.html)).not.toMatch(/gewinn|preis|jetzt mitmachen/i);
  });

  it('a newsletter keeps its unsubscribe footer in both parts, in the design', async () => {
    const mail = await newsletterMail({
      productName,
      subject: 'Neu',
      text: 'Hallo',
      unsubscribeUrl: 'https://punktejagd.example/u?token=x',
    });
    expect(mail.text).toContain('Vom Newsletter abmelden: https://punktejagd.example/u?token=x');
    expect(mail.html).toMatch(/<a\s+href="https:\/\/punktejagd\.example\/u\?token=x"[^>]*>Vom Newsletter abmelden<\/a>/);
    expect(mail.html).toContain('#0b2a4a');
    expect(mail.headers).toEqual({ 'List-Unsubscribe': '<https://punktejagd.example/u?token=x>' });
  });

  it('greetingName: one line, at most 60 characters', () => {
    expect(greetingName('Erika\nMustermann')).toBe('Erika Mustermann');
    expect(greetingName('x'.repeat(80))).toHaveLength(60);
    expect(greeting('Erika')).toBe('Hallo Erika,');
  });
});

describe('the newsletter pages', () => {
  const page = simplePage({ productName, title: 'Deine Anmeldung ist bestätigt', message: 'Danke! <Ab jetzt> & mehr', homeUrl: '/' });

  it('in the site’s design: the navy header bar with the shield and the wordmark to the home page, the card, the yellow button', () => {
    expect(page).toMatch(
      /<header><a href="\/" aria-label="Punktejagd – zur Startseite"><svg width="30" height="36" aria-hidden="true"[^>]*>[\s\S]*<\/svg><span class="wordmark">PUNKTE<span>JAGD<\/span><\/span><\/a><\/header>/,
    );
    expect(page).toMatch(/header \{ height: 64px; background: #0b2a4a;/);
    expect(page).toMatch(/body \{[^}]*background: #f5f3ee;/);
    expect(page).toContain('<h1>Deine Anmeldung ist bestätigt</h1>');
    expect(page).toMatch(/h1 \{[^}]*font-family: 'Roboto Condensed'/);
    expect(page).toMatch(/\.button \{[^}]*background: #f2b705;/);
    expect(page).toContain('<a class="button" href="/">Zur Startseite</a>');
    expect(page).toContain('<meta name="robots" content="noindex">');
    expect(page).toContain('<html lang="de">');
  });

  it('escapes its texts and loads nothing from elsewhere', () => {
    expect(page).toContain('<p>Danke! &lt;Ab jetzt&gt; &amp; mehr</p>');
    expect(page).not.toMatch(/<img|<link|<script|url\(/i);
  });
});
