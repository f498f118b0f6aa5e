/** Test data for the host's tests (content API shapes of `@erd/shared-contracts`). */
import {
  berlinToday,
  type ChallengeDto,
  type ChallengeObjectTypeId,
  type ImageDto,
  type RichTextDto,
  type SpaceDataDto,
} from '@erd/shared-contracts';

export const SPACE_DATA_PATH = 'GET /content/public/spaces/erd/spacedata';

export const richText = (text: string): RichTextDto => ({
  type: 'root',
  children: [{ type: 'paragraph', children: [{ type: 'text', value: text }] }],
});

export const image = (name: string, title?: string): ImageDto => ({
  fields: { ...(title ? { title } : {}), file: { url: `/media/${name}.png`, contentType: 'image/png', width: 800, height: 600 } },
  metadata: { thumbnails: [{ url: `/media/${name}-w1024.webp`, width: 1024, format: 'webp' }] },
});

/** `YYYY-MM-DD` shifted by `days` from today in Europe/Berlin (the browser's own day, whatever offset a test gives the page). */
export function dayFromToday(days: number): string {
  const [y, m, d] = berlinToday(new Date()).split('-').map(Number);
  const date = new Date(Date.UTC(y, m - 1, d + days));
  return date.toISOString().slice(0, 10);
}

export function challenge(
  id: string,
  type: ChallengeObjectTypeId,
  startOffset: number,
  endOffset: number,
  teasertitle = `Teaser ${id}`,
): ChallengeDto {
  const base = {
    headline: `Headline ${id}`,
    teasertitle,
    teaserImage: image(`teaser-${id}`),
    startDate: dayFromToday(startOffset),
    endDate: dayFromToday(endOffset),
    points: [],
  };
  if (type === 'bfv-erd-picture-vote' || type === 'bfv-erd-text-vote') {
    return {
      sys: { id, objectTypeId: type },
      fields: {
        ...base,
        startDateSubmission: base.startDate,
        endDateSubmission: dayFromToday(startOffset + 1),
        startDateVoting: dayFromToday(startOffset + 2),
        endDateVoting: base.endDate,
      },
    } as ChallengeDto;
  }
  return { sys: { id, objectTypeId: type }, fields: base } as ChallengeDto;
}

/** The reference season order (#1 estimate, #2 picture vote, #3 goals, #4 text vote); `running` is active today, earlier ones are finished, later ones upcoming (all upcoming without `running`). */
export function seasonChallenges(running?: 1 | 2 | 3 | 4): ChallengeDto[] {
  const types: ChallengeObjectTypeId[] = ['bfv-erd-estimate', 'bfv-erd-picture-vote', 'bfv-erd-goals', 'bfv-erd-text-vote'];
  return types.map((type, i) => {
    const n = i + 1;
    if (n === running) return challenge(`c${n}`, type, -3, 10, `Challenge Nummer ${n}`);
    return n < (running ?? 0)
      ? challenge(`c${n}`, type, -60 + i * 10, -50 + i * 10, `Challenge Nummer ${n}`)
      : challenge(`c${n}`, type, 20 + i * 20, 30 + i * 20, `Challenge Nummer ${n}`);
  });
}

export function spaceData({ challenges = seasonChallenges(2), prizeImages = 5 } = {}): SpaceDataDto {
  return {
    spaceId: 'erd',
    year: {
      sys: { id: 'year-2026', objectTypeId: 'bfv-erd-year' },
      fields: {
        year: 2026,
        challenges,
        teaser1: {
          headline: 'Intro-Überschrift',
          subheadline: 'Intro-Unterzeile',
          text: richText('Intro-Text aus dem Content'),
          images: [image('intro', 'Jubelnder Spieler')],
        },
        teaser2: {
          headline: 'So läuft es',
          text: richText('Ablauf-Text'),
          description: 'Ablauf-Beschreibung',
          images: [image('how-a'), image('how-b'), image('how-c')],
        },
        teaserPrizes: {
          headline: 'Preise',
          subheadline: 'Für die ganze Mannschaft',
          text: richText('Preis-Text'),
          images: Array.from({ length: prizeImages }, (_, i) => image(`prize-${i + 1}`, `Preisbild ${i + 1}`)),
        },
      },
    },
    site: {
      sys: { id: 'site', objectTypeId: 'bfv-erd-site' },
      fields: {
        terms: richText('Text der Teilnahmebedingungen'),
        dataProtection: richText('Text der Datenschutzerklärung'),
        imprint: richText('Text des Impressums'),
      },
    },
  };
}
