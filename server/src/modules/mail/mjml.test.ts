import { renderMail, renderMailHtml, type MailDocument } from './mjml.js';

const doc = (over: Partial<MailDocument> = {}): MailDocument => ({
  productName: 'Punktejagd',
  subject: 'Dein Beitrag ist live',
  preheader: 'Jetzt teilen',
  greeting: 'Hallo Erika,',
  blocks: [
    { type: 'heading', text: 'Dein Beitrag ist live' },
    { type: 'p', text: 'Der <b>FC</b> & Freunde' },
    {
      type: 'facts',
      rows: [
        ['Platz', '3'],
        ['Punkte', '120'],
      ],
    },
    { type: 'quote', label: 'Begründung', text: 'Zeile 1\nZeile 2' },
    { type: 'button', label: 'Ansehen', href: 'https://example.org/a?b=1&c="2"' },
  ],
  footer: {
    reason: 'Du bekommst diese E-Mail, weil …',
    unsubscribeUrl: 'https://example.org/u?t=x',
    preferencesUrl: 'https://example.org/profil',
  },
  siteUrl: 'https://example.org',
  ...over,
});

describe('MJML mails', () => {
  it('renders every block escaped, in both parts', async () => {
    const mail = await renderMail(doc());
    expect(mail.html).toContain('Der &lt;b&gt;FC&lt;/b&gt; &amp; Freunde');
    expect(mail.html).toContain('href="https://example.org/a?b=1&amp;c=&quot;2&quot;"');
    expect(mail.html).toContain('Zeile 1<br>Zeile 2');
    expect(mail.html).toContain('https://example.org/u?t=x');
    expect(mail.html).toContain('Impressum');
    expect(mail.html).not.toMatch(/%%\d+%%/);
    expect(mail.html).toContain('<!--[if mso'); // Outlook's tables
    // No web font from Google (MJML links one for 'Roboto' unless told not to).
    expect(mail.html).not.toMatch(/<link|googleapis/);
    expect(mail.text).toContain('Hallo Erika,');
    expect(mail.text).toContain('Platz: 3');
    expect(mail.text).toContain('> Zeile 2');
    expect(mail.text).toContain('Ansehen:\nhttps://example.org/a?b=1&c="2"');
    expect(mail.text).toContain('Abmelden: https://example.org/u?t=x');
  });

  it('compiles a shape once and fills other values into it', async () => {
    const a = await renderMailHtml(doc());
    for (let i = 0; i < 200; i++) await renderMailHtml(doc({ greeting: `Hallo ${i},` }));
    const b = await renderMailHtml(doc({ greeting: 'Hallo Max,' }));
    expect(b.replace('Hallo Max,', 'Hallo Erika,')).toBe(a);
  });
});
