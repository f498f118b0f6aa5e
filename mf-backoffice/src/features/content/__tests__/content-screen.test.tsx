import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type {
  ContentAdminDto,
  SaveBannerInput,
  SaveCampaignInput,
  SaveLegalInput,
  SaveTeasersInput,
} from '@erd/shared-contracts/backoffice';
import type { ImageDto, RichTextDto } from '@erd/shared-contracts/wire';
import { mockXhr } from '@erd/shared-contracts/testing';
import { fakeBackofficePage, signedIn, signedInAdmin } from '../../../testing/fixtures';
import { renderBackoffice } from '../../../testing/render';
import { bodyOf, conflictAnswer } from '../../../testing/requests';

const GET = 'GET /api/operator/content';
const TEASERS = 'PUT /api/operator/content/teasers';
const BANNER = 'PUT /api/operator/content/banner';
const CAMPAIGN = 'PUT /api/operator/content/campaign';
const IMPRINT = 'PUT /api/operator/content/legal/imprint';
const PREVIEW = 'POST /api/operator/content/preview';

const paragraph = (value: string): RichTextDto => ({
  type: 'root',
  children: [{ type: 'paragraph', children: [{ type: 'text', value }] }],
});
const image = (name: string): ImageDto => ({
  fields: { file: { url: `/media/${name}.0123456789abcdef.webp`, contentType: 'image/webp' } },
});

const content = (): ContentAdminDto => ({
  yearId: 'year-2026',
  year: 2026,
  teasers: {
    teaser1: {
      headline: 'Bereit zu punkten?',
      subheadline: 'Die Saison',
      text: 'Hallo **Welt**',
      description: '',
      images: [image('intro')],
    },
    teaser2: {
      headline: 'So läuft es',
      subheadline: '',
      text: '1. Anmelden',
      description: 'Jede Teilnahme zählt.',
      images: [image('a'), image('b')],
    },
    teaserPrizes: { headline: 'Preise', subheadline: 'Für alle', text: 'Ein **Pokal**.', description: '', images: [image('p1')] },
  },
  campaign: { claim: '', subline: '', prize: '', image: null },
  teasersUpdatedAt: '2026-06-10T10:00:00.000Z',
  banner: { text1: '', text2: '' },
  legal: {
    terms: { markdown: '# Teilnahmebedingungen\n\nMitmachen.', richText: paragraph('Mitmachen.') },
    dataProtection: { markdown: '# Datenschutz', richText: paragraph('Datenschutz-Text') },
    imprint: { markdown: '# Impressum\n\nAlte Adresse', richText: paragraph('Alte Adresse') },
  },
  siteUpdatedAt: '2026-06-11T10:00:00.000Z',
});

beforeEach(fakeBackofficePage);

/** A fake content API: it converts Markdown to one paragraph per line (enough to tell previews apart). */
function fakeServer({ conflict = false } = {}) {
  let data = content();
  const sent: {
    teasers: SaveTeasersInput[];
    banner: SaveBannerInput[];
    legal: SaveLegalInput[];
    previews: string[];
    campaign: SaveCampaignInput[];
  } = {
    teasers: [],
    banner: [],
    legal: [],
    previews: [],
    campaign: [],
  };
  const convert = (markdown: string): RichTextDto => ({
    type: 'root',
    children: markdown
      .split('\n')
      .filter((line) => line.trim() && !line.includes('<'))
      .map((line) => ({ type: 'paragraph', children: [{ type: 'text', value: line.replace(/^#+\s*/, '') }] })),
  });
  const xhr = mockXhr({
    [GET]: () => ({ body: data }),
    [PREVIEW]: (_url, init) => {
      const { markdown } = bodyOf<{ markdown: string }>(init);
      sent.previews.push(markdown);
      return { body: { richText: convert(markdown) } };
    },
    [IMPRINT]: (_url, init) => {
      const body = bodyOf<SaveLegalInput>(init);
      sent.legal.push(body);
      if (conflict)
        return conflictAnswer(
          'Inzwischen hat jemand anderes die Banner-Texte oder Rechtstexte geändert. Lade die Seite neu und prüfe deine Änderungen.',
        );
      data = {
        ...data,
        legal: { ...data.legal, imprint: { markdown: body.markdown, richText: convert(body.markdown) } },
        siteUpdatedAt: '2026-06-15T10:00:00.000Z',
      };
      return { body: data };
    },
    [BANNER]: (_url, init) => {
      const body = bodyOf<SaveBannerInput>(init);
      sent.banner.push(body);
      data = { ...data, banner: { text1: body.text1.trim(), text2: body.text2.trim() }, siteUpdatedAt: '2026-06-15T11:00:00.000Z' };
      return { body: data };
    },
    'POST /api/operator/media': () => ({ status: 201, body: image('stadion') }),
    [CAMPAIGN]: (_url, init) => {
      const body = bodyOf<SaveCampaignInput>(init);
      sent.campaign.push(body);
      if (conflict)
        return conflictAnswer(
          'Inzwischen hat jemand anderes die Kampagne oder die Teaser geändert. Lade die Seite neu und prüfe deine Änderungen.',
        );
      if (body.prize.includes('Freibier')) {
        return { status: 400, body: { code: 'ValidationError', message: 'prize: Hauptpreis: bitte nicht', field: 'prize' } };
      }
      const { expectedUpdatedAt: _, ...campaign } = body;
      data = { ...data, campaign: { ...campaign, claim: campaign.claim.trim() }, teasersUpdatedAt: '2026-06-15T13:00:00.000Z' };
      return { body: data };
    },
    [TEASERS]: (_url, init) => {
      const body = bodyOf<SaveTeasersInput>(init);
      sent.teasers.push(body);
      if (body.teasers.teaser1.text.includes('zu lang')) {
        return {
          status: 400,
          body: {
            code: 'ValidationError',
            message: 'Text: höchstens 5000 Zeichen.',
            field: 'teasers.teaser1.text',
            problems: [{ field: 'teasers.teaser1.text', message: 'Text: höchstens 5000 Zeichen.' }],
          },
        };
      }
      data = { ...data, teasers: body.teasers, teasersUpdatedAt: '2026-06-15T12:00:00.000Z' };
      return { body: data };
    },
  });
  return { xhr, sent };
}

const section = (name: string) => screen.getByRole('region', { name });

describe('Inhalte', () => {
  it('is in the bar and shows a moderator everything read-only: no save, no upload, the legal page as the public sees it', async () => {
    const { sent } = fakeServer();
    renderBackoffice('/backoffice/inhalte', signedIn);
    expect(await screen.findByRole('heading', { level: 1, name: 'Inhalte' })).toBeInTheDocument();
    expect(screen.getByText(/Saison 2026 · nur lesen/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Inhalte' })).toHaveAttribute('aria-current', 'page');
    expect(screen.queryByRole('button', { name: /speichern/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Vorschau anzeigen' })).toBeNull();
    expect(screen.queryByLabelText(/Bild hinzufügen/)).toBeNull();
    expect(screen.queryByRole('button', { name: /entfernen/ })).toBeNull();
    const headlines = screen.getAllByLabelText(/^Überschrift/);
    expect(headlines.map((h) => (h as HTMLInputElement).value)).toEqual(['Bereit zu punkten?', 'So läuft es', 'Preise']);
    for (const field of headlines) expect(field).toHaveAttribute('readonly');
    await userEvent.click(within(section('Rechtstexte')).getByRole('radio', { name: 'Impressum' }));
    expect(screen.getByRole('region', { name: 'Impressum: so sieht es die Seite' })).toHaveTextContent('Alte Adresse');
    expect(sent.previews).toEqual([]);
  });

  it('an admin edits the imprint in Markdown, sees the server preview, and saves with the version it loaded', async () => {
    const { sent } = fakeServer();
    renderBackoffice('/backoffice/inhalte', signedInAdmin);
    const legal = within(await screen.findByRole('region', { name: 'Rechtstexte' }));
    await userEvent.click(legal.getByRole('radio', { name: 'Impressum' }));
    const field = legal.getByRole('textbox', { name: 'Impressum' });
    expect(field).toHaveValue('# Impressum\n\nAlte Adresse');
    await userEvent.clear(field);
    await userEvent.type(field, '# Impressum{enter}{enter}Neue Straße 5{enter}<script>alert(1)</script>');
    await userEvent.click(legal.getByRole('button', { name: 'Vorschau anzeigen' }));
    const preview = await screen.findByRole('region', { name: 'Vorschau: Impressum' });
    await waitFor(() => expect(preview).toHaveTextContent('Neue Straße 5'));
    expect(preview).not.toHaveTextContent('script');
    expect(sent.previews).toHaveLength(1);
    expect(legal.getByRole('radio', { name: 'Impressum (geändert)' })).toBeChecked();

    await userEvent.click(legal.getByRole('button', { name: 'Impressum speichern' }));
    expect(await legal.findByText(/^Gespeichert\./)).toBeInTheDocument();
    expect(sent.legal).toEqual([
      { expectedUpdatedAt: '2026-06-11T10:00:00.000Z', markdown: '# Impressum\n\nNeue Straße 5\n<script>alert(1)</script>' },
    ]);
    expect(legal.getByRole('radio', { name: 'Impressum' })).toBeChecked();
  });

  it('an empty legal page is refused next to the field; a stale save shows the server’s 409 message', async () => {
    const { sent } = fakeServer({ conflict: true });
    renderBackoffice('/backoffice/inhalte', signedInAdmin);
    const legal = within(await screen.findByRole('region', { name: 'Rechtstexte' }));
    await userEvent.click(legal.getByRole('radio', { name: 'Impressum' }));
    const field = legal.getByRole('textbox', { name: 'Impressum' });
    await userEvent.clear(field);
    await userEvent.click(legal.getByRole('button', { name: 'Impressum speichern' }));
    expect(field).toHaveAccessibleDescription(expect.stringContaining('Der Text darf nicht leer sein.'));
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(sent.legal).toEqual([]);
    await userEvent.type(field, 'Neu');
    await userEvent.click(legal.getByRole('button', { name: 'Impressum speichern' }));
    expect(await legal.findByText(/Inzwischen hat jemand anderes/)).toBeInTheDocument();
    expect(sent.legal).toHaveLength(1);
  });

  it('banner texts: one line of at most 60 characters, checked before sending; saved with the site version', async () => {
    const { sent } = fakeServer();
    renderBackoffice('/backoffice/inhalte', signedInAdmin);
    const banner = within(await screen.findByRole('region', { name: 'Banner-Texte' }));
    const top = banner.getByRole('textbox', { name: /Oberes Laufband/ });
    expect(top).toHaveAttribute('placeholder', 'BEREIT ZU PUNKTEN?');
    await userEvent.type(top, 'x'.repeat(61));
    await userEvent.click(banner.getByRole('button', { name: 'Banner-Texte speichern' }));
    expect(top).toHaveAccessibleDescription(expect.stringContaining('Höchstens 60 Zeichen.'));
    expect(sent.banner).toEqual([]);
    await userEvent.clear(top);
    await userEvent.type(top, 'JETZT PUNKTEN!');
    await userEvent.click(banner.getByRole('button', { name: 'Banner-Texte speichern' }));
    expect(await banner.findByText(/^Gespeichert\./)).toBeInTheDocument();
    expect(sent.banner).toEqual([{ expectedUpdatedAt: '2026-06-11T10:00:00.000Z', text1: 'JETZT PUNKTEN!', text2: '' }]);
  });

  it('teasers: an empty headline is refused at the field; images move and go; the server’s 400 lands at its field', async () => {
    const { sent } = fakeServer();
    renderBackoffice('/backoffice/inhalte', signedInAdmin);
    const teasers = within(await screen.findByRole('region', { name: 'Teaser der Startseite' }));
    const how = within(teasers.getByRole('group', { name: 'So läuft es' }));
    const headline = how.getByRole('textbox', { name: /^Überschrift/ });
    await userEvent.clear(headline);
    await userEvent.click(teasers.getByRole('button', { name: 'Teaser speichern' }));
    expect(headline).toHaveAccessibleDescription(expect.stringContaining('Die Überschrift darf nicht leer sein.'));
    expect(sent.teasers).toEqual([]);
    await userEvent.type(headline, 'So geht es');

    expect(how.getByRole('group', { name: 'Bilder (2 von höchstens 2)' })).toBeInTheDocument();
    expect(how.queryByLabelText(/Bild hinzufügen/)).toBeNull();
    await userEvent.click(how.getByRole('button', { name: 'Bild 2 nach vorn' }));
    expect(how.getAllByRole('img').map((img) => img.getAttribute('src'))).toEqual([
      expect.stringContaining('/media/b.'),
      expect.stringContaining('/media/a.'),
    ]);
    const prizes = within(teasers.getByRole('group', { name: 'Preise' }));
    await userEvent.click(prizes.getByRole('button', { name: 'Bild 1 entfernen' }));
    expect(prizes.getByText('Kein Bild.')).toBeInTheDocument();
    expect(prizes.getByLabelText(/Bild hinzufügen/)).toBeInTheDocument();

    await userEvent.click(teasers.getByRole('button', { name: 'Teaser speichern' }));
    expect(await teasers.findByText(/^Gespeichert\./)).toBeInTheDocument();
    const [saved] = sent.teasers;
    expect(saved!.expectedUpdatedAt).toBe('2026-06-10T10:00:00.000Z');
    expect(saved!.teasers.teaser2.headline).toBe('So geht es');
    expect(saved!.teasers.teaser2.images.map((i) => i.fields.file.url)).toEqual([image('b').fields.file.url, image('a').fields.file.url]);
    expect(saved!.teasers.teaserPrizes.images).toEqual([]);
    expect(saved!.teasers.teaser1).toEqual(content().teasers.teaser1);

    const intro = within(teasers.getByRole('group', { name: 'Einstieg' }));
    const text = intro.getByRole('textbox', { name: 'Text' });
    await userEvent.type(text, ' zu lang');
    await userEvent.click(teasers.getByRole('button', { name: 'Teaser speichern' }));
    await waitFor(() => expect(text).toHaveAccessibleDescription(expect.stringContaining('Text: höchstens 5000 Zeichen.')));
    expect(teasers.getByText('Bitte korrigiere die markierten Felder.')).toBeInTheDocument();
  });

  it('a picture of another type is refused in the browser, next to the images', async () => {
    const { xhr } = fakeServer();
    renderBackoffice('/backoffice/inhalte', signedInAdmin);
    const teasers = within(await screen.findByRole('region', { name: 'Teaser der Startseite' }));
    const prizes = within(teasers.getByRole('group', { name: 'Preise' }));
    await userEvent.upload(prizes.getByLabelText(/Bild hinzufügen/), new File(['gif'], 'pokal.gif', { type: 'image/gif' }), {
      applyAccept: false,
    });
    expect(await prizes.findByRole('alert')).toHaveTextContent('Erlaubt sind JPEG, PNG oder WEBP.');
    expect(xhr.mock.calls.some(([url]) => url.pathname === '/api/operator/media')).toBe(false);
  });

  it('campaign: claim, subline, lead prize and a key visual upload, saved with the year’s version; a later teaser save names the new one', async () => {
    const { sent } = fakeServer();
    renderBackoffice('/backoffice/inhalte', signedInAdmin);
    const campaign = within(await screen.findByRole('region', { name: 'Kampagne' }));
    expect(campaign.getByText(/Ohne Claim steht dort „Hol die Punkte für deinen Verein!“/)).toBeInTheDocument();
    const claim = campaign.getByRole('textbox', { name: /^Claim/ });
    expect(claim).toHaveAttribute('placeholder', 'Hol die Punkte für deinen Verein!');
    expect(claim).toHaveAttribute('maxlength', '80');
    await userEvent.type(campaign.getByRole('textbox', { name: /^Unterzeile/ }), 'Jede Challenge zählt.');
    await userEvent.click(campaign.getByRole('button', { name: 'Kampagne speichern' }));
    expect(claim).toHaveAccessibleDescription(expect.stringContaining('Ohne Claim zeigt die Startseite Unterzeile und Hauptpreis nicht'));
    expect(sent.campaign).toEqual([]);

    await userEvent.type(claim, 'Hol den Pokal!');
    await userEvent.type(campaign.getByRole('textbox', { name: /^Hauptpreis/ }), 'Ein Trikotsatz für die ganze Mannschaft');
    const visual = within(campaign.getByRole('group', { name: /^Titelbild/ }));
    await userEvent.upload(visual.getByLabelText(/Bild hinzufügen/), new File(['jpg'], 'stadion.jpg', { type: 'image/jpeg' }));
    await waitFor(() => expect(visual.getAllByRole('img')).toHaveLength(1));
    expect(visual.queryByLabelText(/Bild hinzufügen/)).toBeNull();
    await userEvent.click(campaign.getByRole('button', { name: 'Kampagne speichern' }));
    expect(await campaign.findByText(/^Gespeichert\./)).toBeInTheDocument();
    expect(sent.campaign).toEqual([
      {
        expectedUpdatedAt: '2026-06-10T10:00:00.000Z',
        claim: 'Hol den Pokal!',
        subline: 'Jede Challenge zählt.',
        prize: 'Ein Trikotsatz für die ganze Mannschaft',
        image: image('stadion'),
      },
    ]);

    const teasers = within(screen.getByRole('region', { name: 'Teaser der Startseite' }));
    await userEvent.click(teasers.getByRole('button', { name: 'Teaser speichern' }));
    expect(await teasers.findByText(/^Gespeichert\./)).toBeInTheDocument();
    expect(sent.teasers[0]!.expectedUpdatedAt).toBe('2026-06-15T13:00:00.000Z');
  });

  it('campaign: the server’s 400 lands at its field', async () => {
    const { sent } = fakeServer();
    renderBackoffice('/backoffice/inhalte', signedInAdmin);
    const campaign = within(await screen.findByRole('region', { name: 'Kampagne' }));
    await userEvent.type(campaign.getByRole('textbox', { name: /^Claim/ }), 'Hol den Pokal!');
    const prize = campaign.getByRole('textbox', { name: /^Hauptpreis/ });
    await userEvent.type(prize, 'Freibier');
    await userEvent.click(campaign.getByRole('button', { name: 'Kampagne speichern' }));
    await waitFor(() => expect(prize).toHaveAccessibleDescription(expect.stringContaining('Hauptpreis: bitte nicht')));
    expect(prize).toHaveAttribute('aria-invalid', 'true');
    expect(campaign.getByText('Bitte korrigiere die markierten Felder.')).toBeInTheDocument();
    expect(sent.campaign).toHaveLength(1);
  });

  it('campaign: a moderator reads it without a save button; a stale save shows the 409 message', async () => {
    fakeServer();
    const { unmount } = renderBackoffice('/backoffice/inhalte', signedIn);
    const readOnly = within(await screen.findByRole('region', { name: 'Kampagne' }));
    expect(readOnly.getByRole('textbox', { name: /^Claim/ })).toHaveAttribute('readonly');
    expect(readOnly.queryByRole('button', { name: 'Kampagne speichern' })).toBeNull();
    unmount();

    const { sent } = fakeServer({ conflict: true });
    renderBackoffice('/backoffice/inhalte', signedInAdmin);
    const campaign = within(await screen.findByRole('region', { name: 'Kampagne' }));
    await userEvent.type(campaign.getByRole('textbox', { name: /^Claim/ }), 'Neu');
    await userEvent.click(campaign.getByRole('button', { name: 'Kampagne speichern' }));
    expect(await campaign.findByText(/Inzwischen hat jemand anderes die Kampagne/)).toBeInTheDocument();
    expect(sent.campaign).toHaveLength(1);
  });
});
