import type { CampaignDto, ImageDto, PointsRowDto, PrizesDto, RichTextDto, TeaserDto } from '@erd/shared-contracts/wire';
import type { ChallengeRow, ClubRow, NewChallengeRow, NewClubRow, SiteRow, YearRow } from '../../db/schema/index.js';
import type { YearTeasers, YearTeaserMarkdown } from '../../db/schema/year.js';
import { stableStringify } from '../../lib/stable-json.js';
import { CHALLENGE_DATE_KEYS } from './schema.js';

/**
 * The season import's comparison of a season folder with the database (issue 26): every field the
 * file carries that differs from what is stored (an operator's back-office edit, or a newer file),
 * as one line each with both values shortened. The import applies them only with `--overwrite`.
 */

export type DifferenceSubject = 'year' | 'challenge' | 'site' | 'club';

export interface ImportDifference {
  subject: DifferenceSubject;
  /** Year id, challenge id, `site`, club id. */
  id: string;
  /** The field, e.g. `headline`, `teaser1.text`, `legal.imprint`, `clubname`; `(Eintrag)` for a whole row. */
  field: string;
  /** The database's value, shortened to one line. */
  database: string;
  /** The file's value, shortened to one line. */
  file: string;
}

/** How long a shown value may be (the rest is cut with '…'). */
export const SHOWN_MAX = 60;
export const EMPTY = '(leer)';

/** One line of at most `max` characters: line breaks as '⏎', runs of spaces as one. */
export function shorten(text: string, max = SHOWN_MAX): string {
  const line = text
    .trim()
    .replace(/\r\n?|\n/g, ' ⏎ ')
    .replace(/[\t ]+/g, ' ')
    .trim();
  const chars = [...line];
  return chars.length > max ? `${chars.slice(0, max - 1).join('')}…` : line;
}

function showText(value: string | null | undefined): string {
  return value === null || value === undefined || value === '' ? EMPTY : `"${shorten(value, SHOWN_MAX - 2)}"`;
}

function showPlain(value: unknown): string {
  return value === null || value === undefined ? EMPTY : shorten(String(value));
}

const imageUrl = (image: ImageDto | null | undefined): string | null => image?.fields.file.url ?? null;

function showImages(images: readonly ImageDto[] | null | undefined): string {
  return images?.length ? shorten(images.map((i) => imageUrl(i)).join(', ')) : EMPTY;
}

/** `1.: 100, 2.: 80, 6.–10.: 40, ab 51.: 5` */
export function showPoints(points: readonly PointsRowDto[] | null | undefined): string {
  if (!points?.length) return EMPTY;
  return shorten(
    points
      .map(
        (p) =>
          `${p.toPlace === null ? `ab ${p.fromPlace}.` : p.toPlace === p.fromPlace ? `${p.fromPlace}.` : `${p.fromPlace}.–${p.toPlace}.`}: ${p.points}`,
      )
      .join(', '),
  );
}

/** The plain text of rich text (for a value without its Markdown). */
function richTextPlain(node: unknown): string {
  if (!node || typeof node !== 'object') return '';
  const n = node as { value?: unknown; children?: unknown[]; type?: string };
  if (typeof n.value === 'string') return n.value;
  const inner = (n.children ?? []).map(richTextPlain);
  return n.type === 'root' ? inner.join('\n') : inner.join('');
}

const same = (a: unknown, b: unknown): boolean => stableStringify(a ?? null) === stableStringify(b ?? null);

class Differences {
  readonly list: ImportDifference[] = [];
  constructor(
    private readonly subject: DifferenceSubject,
    private readonly id: string,
  ) {}
  /** Adds a line when `db` and `file` differ (compared as stable JSON, undefined = null). */
  check<T>(field: string, db: T, file: T, show: (value: T) => string, compareDb: unknown = db, compareFile: unknown = file): void {
    if (!same(compareDb, compareFile)) this.list.push({ subject: this.subject, id: this.id, field, database: show(db), file: show(file) });
  }
}

const TEASER_KEYS = ['teaser1', 'teaser2', 'teaserPrizes'] as const;

/**
 * Year fields: `year`, each teaser's headline, subheadline, text (rich text compared, Markdown
 * shown), description and images; the campaign's fields when the file carries a campaign.
 */
export function yearDifferences(
  db: YearRow,
  file: { year: number; teasers: YearTeasers; teaserMarkdown: YearTeaserMarkdown; campaign?: CampaignDto },
): ImportDifference[] {
  const d = new Differences('year', db.id);
  d.check('year', db.year, file.year, showPlain);
  for (const key of TEASER_KEYS) {
    const a: TeaserDto = db.teasers[key];
    const b: TeaserDto = file.teasers[key];
    d.check(`${key}.headline`, a.headline, b.headline, showText);
    d.check(`${key}.subheadline`, a.subheadline, b.subheadline, showText);
    const shownDb = db.teaserMarkdown?.[key] ?? (a.text ? richTextPlain(a.text) : null);
    d.check(`${key}.text`, shownDb, file.teaserMarkdown[key], showText, a.text, b.text);
    d.check(`${key}.description`, a.description, b.description, showText);
    d.check(`${key}.images`, a.images, b.images, showImages, a.images.map(imageUrl), b.images.map(imageUrl));
  }
  if (file.campaign) {
    const a = db.campaign;
    const b = file.campaign;
    if (!a) d.list.push({ subject: 'year', id: db.id, field: 'campaign', database: EMPTY, file: showText(b.claim) });
    else {
      d.check('campaign.claim', a.claim, b.claim, showText);
      d.check('campaign.subline', a.subline, b.subline, showText);
      d.check('campaign.prize', a.prize, b.prize, showText);
      d.check('campaign.image', imageUrl(a.image), imageUrl(b.image), showPlain);
    }
  }
  return d.list;
}

const PLAIN_CHALLENGE_FIELDS = ['headline', 'teasertitle', 'teasertext', 'question', 'footnote'] as const;

function prizesDifferences(d: Differences, a: PrizesDto | null, b: PrizesDto | null | undefined): void {
  if (!a || !b) {
    d.check('prizes', a, b ?? null, (p) => (p ? showText(p.headline) : EMPTY));
    return;
  }
  d.check('prizes.headline', a.headline, b.headline, showText);
  d.check('prizes.subheadline', a.subheadline, b.subheadline, showText);
  d.check('prizes.text', a.text, b.text, showText);
  d.check('prizes.images', a.images, b.images, showImages, a.images.map(imageUrl), b.images.map(imageUrl));
}

/**
 * A challenge's fields: order (`position`, shown 1-based as '#n'), type, texts, teaser image,
 * dates, points, prizes, right answer and scoring. `file` is the row the import would write (the
 * right answer, scoring and results day already kept by the import's rules).
 */
export function challengeDifferences(db: ChallengeRow, file: NewChallengeRow): ImportDifference[] {
  const d = new Differences('challenge', db.id);
  d.check('position', db.position, file.position, (p) => `#${p + 1}`);
  d.check('type', db.objectTypeId, file.objectTypeId, showPlain);
  for (const key of PLAIN_CHALLENGE_FIELDS) d.check(key, db[key], file[key] ?? null, showText);
  d.check('teaserImage', imageUrl(db.teaserImage), imageUrl(file.teaserImage), showPlain);
  for (const key of CHALLENGE_DATE_KEYS) d.check(key, db[key], file[key] ?? null, showPlain);
  d.check('points', db.points, file.points, showPoints);
  prizesDifferences(d, db.prizes, file.prizes);
  d.check('rightAnswer', db.rightAnswer, file.rightAnswer ?? null, showPlain);
  d.check('scoring', db.scoring, file.scoring ?? null, showPlain);
  return d.list;
}

const LEGAL_KEYS = ['terms', 'dataProtection', 'imprint'] as const;

/** The legal texts (one set for the site): rich text compared, Markdown shown. */
export function siteDifferences(
  db: SiteRow,
  file: Record<(typeof LEGAL_KEYS)[number], RichTextDto> & Record<`${(typeof LEGAL_KEYS)[number]}Markdown`, string>,
): ImportDifference[] {
  const d = new Differences('site', db.id);
  for (const key of LEGAL_KEYS) {
    const shownDb = db[`${key}Markdown`] ?? richTextPlain(db[key]);
    d.check(`legal.${key}`, shownDb, file[`${key}Markdown`], showText, db[key], file[key]);
  }
  return d.list;
}

/** A club entry's name, logo and link (number and team are its id). */
export function clubDifferences(db: ClubRow, file: NewClubRow): ImportDifference[] {
  const d = new Differences('club', db.id);
  d.check('clubname', db.clubname, file.clubname, showText);
  d.check('logourl', db.logourl, file.logourl ?? null, showPlain);
  d.check('linkurl', db.linkurl, file.linkurl ?? null, showPlain);
  return d.list;
}

/** One report line: `challenge challenge-estimate · headline: "Schätzen" → "Schätzen neu"`. */
export function formatDifference(diff: ImportDifference): string {
  const where = diff.subject === 'site' ? 'site' : `${diff.subject} ${diff.id}`;
  return `${where} · ${diff.field}: ${diff.database} → ${diff.file}`;
}
