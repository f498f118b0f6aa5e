import sharp from 'sharp';
import { SHARE_CARD, SHARE_STORY } from '@erd/shared-contracts/wire';
import { renderClubCard, renderEntryCard, renderSiteCard, renderStandingsCard, renderStory, SHARE_IMAGE_MAX_BYTES } from './index.js';
import type { EntryCardModel, RenderedImage } from './index.js';
import { LOGO_SVG, photoLike } from './test-support/pictures.js';

const slogan: EntryCardModel = {
  productName: 'Punktejagd',
  challengeTitle: 'Euer lautester Schlachtruf',
  challengeNumber: 4,
  kind: 'slogan',
  slogan: '„Füße hoch, Köpfe runter“ – wir schießen uns nach oben!',
  clubName: 'FC Füssen',
  team: 'Herren',
  clubLogo: { data: LOGO_SVG },
  voting: true,
};

let photo: Buffer;
beforeAll(async () => {
  photo = await photoLike();
});

async function expectImage(out: RenderedImage, size: { width: number; height: number }, type?: RenderedImage['contentType']) {
  const meta = await sharp(out.data).metadata();
  expect({ width: meta.width, height: meta.height, format: meta.format }).toEqual({
    ...size,
    format: out.contentType === 'image/png' ? 'png' : 'jpeg',
  });
  expect(out.data.byteLength).toBeLessThanOrEqual(SHARE_IMAGE_MAX_BYTES);
  if (type) expect(out.contentType).toBe(type);
}

describe('entry card', () => {
  it('renders a slogan entry as a PNG of 1200×630 within 300 KB, with umlauts, ß and „…“', async () => {
    await expectImage(await renderEntryCard(slogan), SHARE_CARD, 'image/png');
  });

  it('fits a 200-character slogan, a 10-KB club name and an endless word', async () => {
    const long = `${'Heimspiel '.repeat(20).trim()}!`;
    await expectImage(
      await renderEntryCard({
        ...slogan,
        slogan: long,
        clubName: 'Spielvereinigung Großweißenbach '.repeat(330),
        clubLogo: null,
        voting: false,
      }),
      SHARE_CARD,
      'image/png',
    );
    await expectImage(
      await renderEntryCard({ ...slogan, slogan: 'Rindfleischetikettierungsüberwachung'.repeat(6) }),
      SHARE_CARD,
      'image/png',
    );
  });

  it('draws the same card whatever bidi controls the texts carry', async () => {
    const plain = await renderEntryCard({ ...slogan, clubName: 'AB', slogan: 'Wir sind AB' });
    const hostile = await renderEntryCard({ ...slogan, clubName: 'A\u202EB', slogan: 'Wir\u2067 sind \u200FA\u202EB\u2069' });
    expect(hostile.data.equals(plain.data)).toBe(true);
  });

  it('renders a picture entry within 300 KB (a JPEG: a photo does not fit a PNG budget)', async () => {
    await expectImage(
      await renderEntryCard({ ...slogan, kind: 'picture', slogan: undefined, picture: { data: photo } }),
      SHARE_CARD,
      'image/jpeg',
    );
  });

  it('renders a picture entry whose picture does not decode, and a logo that does not decode', async () => {
    const broken = { data: Buffer.from('not an image') };
    await expectImage(await renderEntryCard({ ...slogan, kind: 'picture', picture: broken, clubLogo: broken }), SHARE_CARD, 'image/png');
  });

  it('fetches nothing (no font or emoji CDN)', async () => {
    const fetch = jest.spyOn(globalThis, 'fetch').mockRejectedValue(new Error('no network in a card'));
    try {
      await renderEntryCard({ ...slogan, slogan: 'Tooor! ⚽🍺🎉 Привет 足球 שלום', clubName: 'FC 🦁 Löwen' });
      expect(fetch).not.toHaveBeenCalled();
    } finally {
      fetch.mockRestore();
    }
  });
});

describe('club card', () => {
  it('renders with a logo, and with the shield of its initials and no place yet', async () => {
    const club = { productName: 'Punktejagd', clubName: 'FC Füssen', team: 'Damen', place: 3, points: 128, seasonLabel: 'Saison 2026' };
    await expectImage(await renderClubCard({ ...club, logo: { data: LOGO_SVG } }), SHARE_CARD, 'image/png');
    await expectImage(await renderClubCard({ ...club, logo: null, place: null, points: 0 }), SHARE_CARD, 'image/png');
  });

  it('renders a 10-KB name with bidi controls', async () => {
    const name = '\u202EGroßweißenbach-Überlingen '.repeat(400);
    await expectImage(
      await renderClubCard({
        productName: 'Punktejagd',
        clubName: name,
        team: 'Herren',
        place: 1,
        points: 9999,
        seasonLabel: 'Saison 2026',
      }),
      SHARE_CARD,
      'image/png',
    );
  });
});

describe('standings card', () => {
  const row = (place: number, clubName: string) => ({
    place,
    clubName,
    team: 'Herren',
    points: 200 - place,
    logo: place === 1 ? { data: LOGO_SVG } : null,
  });

  it('renders a podium of three, of one, and of none', async () => {
    await expectImage(
      await renderStandingsCard({
        productName: 'Punktejagd',
        title: 'Gesamttabelle',
        top: [row(1, 'SV Memmelsdorf'), row(2, 'FC Füssen'), row(3, 'TSV Eching')],
      }),
      SHARE_CARD,
      'image/png',
    );
    await expectImage(
      await renderStandingsCard({ productName: 'Punktejagd', title: 'Gesamttabelle', top: [row(1, 'ß'.repeat(10_000))] }),
      SHARE_CARD,
    );
    await expectImage(await renderStandingsCard({ productName: 'Punktejagd', title: 'Gesamttabelle', top: [] }), SHARE_CARD);
  });
});

describe('site card', () => {
  it('renders with the shield, and with a picture', async () => {
    const site = {
      productName: 'Punktejagd',
      headline: 'Bereit zu punkten?',
      line: 'Die Punktejagd für Bayerns Amateurvereine: vier Challenges, eine Saison.',
    };
    await expectImage(await renderSiteCard(site), SHARE_CARD, 'image/png');
    await expectImage(await renderSiteCard({ ...site, picture: { data: photo } }), SHARE_CARD);
  });
});

describe('story', () => {
  const url = 'https://punktejagd.example.de/challenge/challenge-schlachtruf/participation-123?via=story';

  it('renders 1080×1920 within 300 KB, for a slogan and a picture', async () => {
    await expectImage(await renderStory({ ...slogan, url }), SHARE_STORY, 'image/png');
    await expectImage(await renderStory({ ...slogan, kind: 'picture', picture: { data: photo }, url }), SHARE_STORY, 'image/jpeg');
  });

  it('refuses a link too long for a QR code', async () => {
    await expect(renderStory({ ...slogan, url: `https://x.de/${'a'.repeat(1000)}` })).rejects.toThrow(RangeError);
  });
});
