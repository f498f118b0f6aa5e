import fs from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { CHALLENGE_DATE_LABELS } from '@erd/shared-contracts/backoffice';
import type { CampaignDto, ImageDto, PointsRowDto, PrizesDto, RichTextDto, TeaserDto } from '@erd/shared-contracts/wire';
import type { AppContext } from '../../context.js';
import {
  SITE_ID,
  type ChallengeRow,
  type NewChallengeRow,
  type NewClubRow,
  type NewSiteRow,
  type NewYearRow,
} from '../../db/schema/index.js';
import { berlinToday, resolveDateSpec } from '../../lib/dates.js';
import { inspectImage, contentTypeForExtension, type ImageInfo } from '../../lib/image-info.js';
import { stableStringify } from '../../lib/stable-json.js';
import { normalizeSearch } from '../../lib/text.js';
import { ClubCsvEncodingError, decodeClubsCsv, readClubsCsv as readClubRows } from './clubs-csv.js';
import { markdownToRichText } from './markdown.js';
import { announcing, topics } from '../cache/changes.js';
import { actorFields, appendAudit, appendChallengeAudit, type Actor } from '../audit/service.js';
import { MEDIA_URL_PREFIX, mediaName } from '../media/store.js';
import {
  challengeDifferences,
  clubDifferences,
  formatDifference,
  shorten,
  siteDifferences,
  SHOWN_MAX,
  yearDifferences,
  type ImportDifference,
} from './differences.js';
import * as repo from './repository.js';
import {
  DEFAULT_POINTS,
  VOTE_DATE_KEYS,
  VOTE_TYPES,
  seasonSchema,
  type ClubCsvRow,
  type SeasonChallenge,
  type SeasonFile,
  type SeasonTeaser,
} from './schema.js';

/**
 * Imports a season folder (docs/season-format.md): validates everything first and reports every
 * problem at once; then copies images into the media store and writes year, site, challenges and
 * clubs in one transaction. Into a season that exists it adds what is new and reports every field
 * that differs from the database; those it writes only with `overwrite` (issue 26: back-office
 * edits are never overwritten silently). Re-importing the same input changes nothing.
 */

export type { ImportDifference } from './differences.js';

export const SEASON_FILE = 'season.json';

export class SeasonValidationError extends Error {
  constructor(
    readonly seasonDir: string,
    readonly problems: string[],
  ) {
    super(
      `The season in ${seasonDir} is invalid (${problems.length} problem${problems.length === 1 ? '' : 's'}):\n` +
        problems.map((p) => `  - ${p}`).join('\n'),
    );
    this.name = 'SeasonValidationError';
  }
}

export interface ImportCounts {
  inserted: number;
  /** Rows whose differences were written (`overwrite`). */
  updated: number;
  unchanged: number;
  /** Rows with at least one field that differs from the file (written only with `overwrite`). */
  differing: number;
  /** Club entries no longer in the list that were deleted (`overwrite`, nothing refers to them). Challenges: always 0. */
  removed: number;
  /** Rows in the database but not in the file that stay in any case (challenges: all; clubs: those with entries or an account). */
  kept: number;
}

export interface ImportReport {
  seasonDir: string;
  yearId: string;
  /** The day relative dates were resolved against (Europe/Berlin). */
  today: string;
  overwrite: boolean;
  dryRun: boolean;
  /** `differs`: the stored row differs from the file and was left as it is. */
  year: 'inserted' | 'updated' | 'unchanged' | 'differs';
  site: 'inserted' | 'updated' | 'unchanged' | 'differs';
  /** The season the site shows before and after the import. */
  current: { before: string | null; after: string | null };
  challenges: ImportCounts;
  clubs: ImportCounts;
  media: { stored: number; reused: number };
  /** Every field of a stored row that differs from the file (database → file). */
  differences: ImportDifference[];
  /** True when the differences were written (`overwrite`, not a dry run). */
  differencesApplied: boolean;
  /** Challenges of the year that are in the database but not in the file (never deleted). */
  notInFile: string[];
  /** Challenges of the file that an operator withdrew (an import does not restore them). */
  withdrawn: string[];
  /** Club entries not in the list that stay because entries or an account refer to them (their results stay). */
  clubsInUseNotInList: string[];
  warnings: string[];
}

export type SeasonContext = Pick<AppContext, 'db' | 'media' | 'log' | 'now'>;

// ---------------------------------------------------------------------------------------------
// Reading and validating

type ImageSource = { kind: 'url'; url: string; contentType?: string } | { kind: 'file'; rel: string; data: Buffer; info: ImageInfo };

interface LoadedSeason {
  file: SeasonFile;
  today: string;
  challenges: Array<SeasonChallenge & ResolvedDates>;
  legal: { terms: RichTextDto; dataProtection: RichTextDto; imprint: RichTextDto };
  /** The legal files' Markdown, kept beside the rich text so the back office can edit it again. */
  legalMarkdown: { termsMarkdown: string; dataProtectionMarkdown: string; imprintMarkdown: string };
  clubs: ClubCsvRow[];
  images: Map<string, ImageSource>;
}

export interface ResolvedDates {
  startDate: string;
  endDate: string;
  startDateSubmission?: string;
  endDateSubmission?: string;
  startDateVoting?: string;
  endDateVoting?: string;
  /** Issue 24: the day the results are expected; on or after endDate. */
  resultsDate?: string;
}

const zodGerman = z.locales.de().localeError;

function issuePath(pathParts: readonly PropertyKey[], raw: unknown): string {
  let out = '';
  let node: unknown = raw;
  for (const part of pathParts) {
    if (typeof part === 'number') {
      out += `[${part}]`;
      node = Array.isArray(node) ? node[part] : undefined;
      const id = node && typeof node === 'object' ? (node as { id?: unknown }).id : undefined;
      if (out.startsWith('challenges') && typeof id === 'string' && out.split('[').length === 2) out += ` ("${id}")`;
    } else {
      out += out ? `.${String(part)}` : String(part);
      node = node && typeof node === 'object' ? (node as Record<PropertyKey, unknown>)[part] : undefined;
    }
  }
  return out || '(Datei)';
}

/** Resolves `rel` inside `dir`; null when it is absolute or leaves the folder. */
function resolveInside(dir: string, rel: string): string | null {
  if (path.isAbsolute(rel) || /^[a-z]+:/i.test(rel)) return null;
  const abs = path.resolve(dir, rel);
  return abs.startsWith(dir + path.sep) ? abs : null;
}

async function readText(abs: string): Promise<string | null> {
  try {
    return await fs.readFile(abs, 'utf8');
  } catch {
    return null;
  }
}

async function readBytes(abs: string): Promise<Buffer | null> {
  try {
    return await fs.readFile(abs);
  } catch {
    return null;
  }
}

/**
 * The order of a challenge's dates (docs/season-format.md), as German problems without a location:
 * start on or before end; vote types need all four window dates, submission inside the challenge,
 * submission ends before voting starts, voting ends on or before the end; other types have none.
 * The season import and the back office (modules/challenges-admin) check dates with this one rule.
 */
/** The date fields as the back office names them. */
const DATE_LABELS: Record<keyof ResolvedDates, string> = { ...CHALLENGE_DATE_LABELS, resultsDate: 'Ergebnisse erwartet am' };

/**
 * A problem of `challengeDateProblems` as the back office shows it: the fields by their German
 * labels and the days as `31.3.2026` (the season file's report keeps the keys and ISO days, which
 * name what is in the file).
 */
export function dateProblemForPeople(problem: string): string {
  const keys = (Object.keys(DATE_LABELS) as Array<keyof ResolvedDates>).sort((a, b) => b.length - a.length);
  return problem
    .replace(new RegExp(`\\b(${keys.join('|')})\\b`, 'g'), (key) => `„${DATE_LABELS[key as keyof ResolvedDates]}“`)
    .replace(/\b(\d{4})-(\d{2})-(\d{2})\b/g, (_, y: string, m: string, d: string) => `${Number(d)}.${Number(m)}.${y}`)
    .replace(
      /\(Pflicht bei bfv-erd-(text|picture)-vote\)/,
      (_, kind: string) => `(Pflicht bei einer ${kind === 'text' ? 'Spruch' : 'Bild'}-Abstimmung)`,
    );
}

export function challengeDateProblems(
  type: SeasonChallenge['type'],
  dates: ResolvedDates,
  given: (key: (typeof VOTE_DATE_KEYS)[number]) => boolean = (key) => dates[key] !== undefined,
): string[] {
  const problems: string[] = [];
  if (dates.startDate > dates.endDate) {
    problems.push(`startDate (${dates.startDate}) liegt nach endDate (${dates.endDate})`);
  }
  if (dates.resultsDate !== undefined && dates.resultsDate < dates.endDate) {
    problems.push(`resultsDate (${dates.resultsDate}) muss am oder nach endDate (${dates.endDate}) liegen (Ergebnisse erst nach dem Ende)`);
  }
  if (VOTE_TYPES.includes(type)) {
    const missing = VOTE_DATE_KEYS.filter((key) => !dates[key]);
    if (missing.length) {
      problems.push(`${missing.join(', ')} fehlt (Pflicht bei ${type})`);
    } else {
      const d = dates as Required<ResolvedDates>;
      const order: Array<[keyof ResolvedDates, keyof ResolvedDates, boolean]> = [
        ['startDate', 'startDateSubmission', false],
        ['startDateSubmission', 'endDateSubmission', false],
        ['endDateSubmission', 'startDateVoting', true],
        ['startDateVoting', 'endDateVoting', false],
        ['endDateVoting', 'endDate', false],
      ];
      for (const [a, b, strict] of order) {
        if (strict ? d[a] >= d[b] : d[a] > d[b]) {
          problems.push(
            `${a} (${d[a]}) muss ${strict ? 'vor' : 'am oder vor'} ${b} (${d[b]}) liegen` +
              (strict ? ' (Einreichung endet vor Beginn der Abstimmung)' : ''),
          );
        }
      }
    }
  } else {
    const extra = VOTE_DATE_KEYS.filter(given);
    if (extra.length) problems.push(`${extra.join(', ')} gibt es nur bei Abstimmungs-Challenges`);
  }
  return problems;
}

export async function loadSeason(seasonDir: string, today: string): Promise<LoadedSeason> {
  const dir = path.resolve(seasonDir);
  const problems: string[] = [];
  const fail = (): never => {
    throw new SeasonValidationError(dir, problems);
  };

  const rawText = await readText(path.join(dir, SEASON_FILE));
  if (rawText === null) {
    problems.push(`${SEASON_FILE}: Datei nicht gefunden in ${dir}`);
    fail();
  }
  let raw: unknown;
  try {
    raw = JSON.parse(rawText ?? '');
  } catch (error) {
    problems.push(`${SEASON_FILE}: kein gültiges JSON (${(error as Error).message})`);
    fail();
  }

  const parsed = seasonSchema.safeParse(raw, { error: zodGerman });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      problems.push(`${SEASON_FILE}: ${issuePath(issue.path, raw)}: ${issue.message}`);
    }
    fail();
  }
  const file = (parsed as { data: SeasonFile }).data;

  // Challenges: unique ids, dates resolved and ordered.
  const seen = new Set<string>();
  const challenges = file.challenges.map((challenge, index) => {
    const where = `${SEASON_FILE}: challenges[${index}] ("${challenge.id}")`;
    if (seen.has(challenge.id)) problems.push(`${where}.id: doppelte Challenge-ID "${challenge.id}"`);
    seen.add(challenge.id);
    const resolve = (key: keyof ResolvedDates): string | undefined => {
      const value = challenge[key];
      return value === undefined ? undefined : (resolveDateSpec(value, today) ?? undefined);
    };
    const dates: ResolvedDates = {
      startDate: resolve('startDate') ?? '',
      endDate: resolve('endDate') ?? '',
      startDateSubmission: resolve('startDateSubmission'),
      endDateSubmission: resolve('endDateSubmission'),
      startDateVoting: resolve('startDateVoting'),
      endDateVoting: resolve('endDateVoting'),
      resultsDate: resolve('resultsDate'),
    };
    for (const problem of challengeDateProblems(challenge.type, dates, (key) => challenge[key] !== undefined)) {
      problems.push(`${where}: ${problem}`);
    }
    const isVote = VOTE_TYPES.includes(challenge.type);
    if (challenge.scoring !== undefined && challenge.type !== 'bfv-erd-goals') {
      problems.push(`${where}.scoring: nur bei bfv-erd-goals erlaubt`);
    }
    if (isVote && challenge.rightAnswer !== undefined && challenge.rightAnswer !== null) {
      problems.push(`${where}.rightAnswer: nur bei Schätz- und Tor-Challenges erlaubt`);
    }
    return { ...challenge, ...dates };
  });

  // Legal texts.
  const legal = {} as LoadedSeason['legal'];
  const legalMarkdown = {} as LoadedSeason['legalMarkdown'];
  for (const key of ['terms', 'dataProtection', 'imprint'] as const) {
    const rel = file.legal[key];
    const abs = resolveInside(dir, rel);
    const text = abs ? await readText(abs) : null;
    if (!abs) problems.push(`${SEASON_FILE}: legal.${key}: "${rel}" muss ein Pfad innerhalb des Season-Ordners sein`);
    else if (text === null) problems.push(`${SEASON_FILE}: legal.${key}: Datei "${rel}" nicht gefunden`);
    else {
      legal[key] = markdownToRichText(text);
      legalMarkdown[`${key}Markdown`] = text.replace(/\r\n?/g, '\n');
    }
  }

  // Images.
  const images = new Map<string, ImageSource>();
  const checkImage = async (ref: string, where: string) => {
    if (images.has(ref)) return;
    if (/^https?:\/\//i.test(ref)) {
      try {
        new URL(ref);
        images.set(ref, { kind: 'url', url: ref, contentType: contentTypeForExtension(new URL(ref).pathname) });
      } catch {
        problems.push(`${where}: "${ref}" ist keine gültige URL`);
      }
      return;
    }
    const abs = resolveInside(dir, ref);
    if (!abs) {
      problems.push(`${where}: "${ref}" muss eine http(s)-URL oder ein Pfad innerhalb des Season-Ordners sein`);
      return;
    }
    let data: Buffer;
    try {
      data = await fs.readFile(abs);
    } catch {
      problems.push(`${where}: Bild "${ref}" nicht gefunden`);
      return;
    }
    const info = inspectImage(data, abs);
    if (!info) {
      problems.push(`${where}: "${ref}" ist kein unterstütztes Bild (PNG, JPEG, GIF, WEBP, SVG)`);
      return;
    }
    images.set(ref, { kind: 'file', rel: ref, data, info });
  };
  for (const key of ['teaser1', 'teaser2', 'teaserPrizes'] as const) {
    for (const [i, ref] of file.year[key].images.entries()) await checkImage(ref, `${SEASON_FILE}: year.${key}.images[${i}]`);
  }
  if (file.year.campaign?.image) await checkImage(file.year.campaign.image, `${SEASON_FILE}: year.campaign.image`);
  for (const [index, challenge] of file.challenges.entries()) {
    const where = `${SEASON_FILE}: challenges[${index}] ("${challenge.id}")`;
    if (challenge.teaserImage) await checkImage(challenge.teaserImage, `${where}.teaserImage`);
    for (const [i, ref] of (challenge.prizes?.images ?? []).entries()) await checkImage(ref, `${where}.prizes.images[${i}]`);
  }

  // Clubs.
  const clubs: ClubCsvRow[] = [];
  const csvRel = file.clubs;
  const csvAbs = resolveInside(dir, csvRel);
  const csvBytes = csvAbs ? await readBytes(csvAbs) : null;
  if (!csvAbs) problems.push(`${SEASON_FILE}: clubs: "${csvRel}" muss ein Pfad innerhalb des Season-Ordners sein`);
  else if (csvBytes === null) problems.push(`${SEASON_FILE}: clubs: Datei "${csvRel}" nicht gefunden`);
  else clubs.push(...(await readClubsCsv(csvBytes, csvRel, problems, checkImage)));

  if (problems.length) fail();
  return { file, today, challenges, legal, legalMarkdown, clubs, images };
}

/** clubs.csv in any encoding `decodeClubsCsv` knows (German Excel's too), checked as in the back office's import. */
async function readClubsCsv(
  bytes: Buffer,
  name: string,
  problems: string[],
  checkImage: (ref: string, where: string) => Promise<void>,
): Promise<ClubCsvRow[]> {
  let text: string;
  try {
    text = decodeClubsCsv(bytes).text;
  } catch (error) {
    if (!(error instanceof ClubCsvEncodingError)) throw error;
    problems.push(`${name}: ${error.message}`);
    return [];
  }
  const { rows, badRows } = await readClubRows(text);
  for (const bad of badRows) problems.push(`${name}${bad.line > 1 ? ` Zeile ${bad.line}` : ''}: ${bad.reason}`);
  for (const { line, row } of rows) if (row.logourl) await checkImage(row.logourl, `${name} Zeile ${line}: logourl`);
  return rows.map((r) => r.row);
}

// ---------------------------------------------------------------------------------------------
// Writing

export function clubId(clubnumber: string, team: string): string {
  return `club-${clubnumber}-${team}`;
}

type Counts = ImportCounts;
const emptyCounts = (): Counts => ({ inserted: 0, updated: 0, unchanged: 0, differing: 0, removed: 0, kept: 0 });

function pick<T extends object>(row: T, fields: readonly (keyof T)[]): string {
  return stableStringify(Object.fromEntries(fields.map((f) => [f, row[f] ?? null])));
}

const CLUB_FIELDS = ['clubnumber', 'clubname', 'team', 'logourl', 'linkurl', 'search'] as const satisfies readonly (keyof NewClubRow)[];

/**
 * The right answer and the goals ranking of an existing challenge are the operator's (recorded and
 * audited through the results API): a season file that leaves them out keeps them, and once the
 * challenge's results are published the file cannot change them at all (a warning says so; a
 * correction goes through the results API with a reason).
 */
function keepOperatorAnswer(
  row: NewChallengeRow,
  old: ChallengeRow,
  fromFile: { rightAnswer?: number | null; scoring?: string },
  published: boolean,
  warnings: string[],
): NewChallengeRow {
  const next = {
    ...row,
    rightAnswer: fromFile.rightAnswer === undefined || fromFile.rightAnswer === null ? old.rightAnswer : row.rightAnswer,
    scoring: fromFile.scoring === undefined ? old.scoring : row.scoring,
  };
  if (published && (next.rightAnswer !== old.rightAnswer || next.scoring !== old.scoring)) {
    warnings.push(
      `Challenge "${row.id}": die Ergebnisse sind veröffentlicht, richtige Antwort und Wertung bleiben. Eine Korrektur geht über die Ergebnisse (mit Grund).`,
    );
    return { ...next, rightAnswer: old.rightAnswer, scoring: old.scoring };
  }
  return next;
}

/**
 * A challenge's `resultsDate` is the file's when it gives one; a file that leaves it out keeps the
 * one set in the back office, unless the file's new end lies after it (then it is dropped, with a warning).
 */
function keepResultsDate(row: NewChallengeRow, old: ChallengeRow, fromFile: { resultsDate?: string }, warnings: string[]): NewChallengeRow {
  if (fromFile.resultsDate !== undefined || old.resultsDate === null) return row;
  if (old.resultsDate < row.endDate) {
    warnings.push(`Challenge "${row.id}": das Ergebnisdatum ${old.resultsDate} liegt vor dem neuen Ende ${row.endDate} und entfällt.`);
    return { ...row, resultsDate: null };
  }
  return { ...row, resultsDate: old.resultsDate };
}

/** The season file's campaign as the space data carries it; undefined when the file has none. */
function campaignOfFile(file: SeasonFile, image: (ref: string) => ImageDto): CampaignDto | undefined {
  const c = file.year.campaign;
  if (!c) return undefined;
  return {
    claim: c.claim,
    ...(c.subline ? { subline: c.subline } : {}),
    ...(c.prize ? { prize: c.prize } : {}),
    ...(c.image ? { image: image(c.image) } : {}),
  };
}

/**
 * How an import treats a season that is already in the database (issue 26). Without `overwrite`
 * only additions are written (a new year, new challenges, new club entries, the site's first row);
 * every field of an existing row that differs from the file is reported and left as it is.
 * `dryRun` writes nothing (not even media) and reports what the same call without it would do.
 * `makeCurrent` makes the file's year the one the site shows; without it only the first season of
 * a database becomes current.
 */
export interface ImportOptions {
  overwrite?: boolean;
  dryRun?: boolean;
  makeCurrent?: boolean;
  /** Who runs it, for the audit row of a season switch (default: `import`). */
  actor?: Pick<Actor, 'operatorId' | 'name'>;
}

export type ImportInput = { dir: string } & ImportOptions;

export async function importSeason({ ctx, input }: { ctx: SeasonContext; input: ImportInput }): Promise<ImportReport> {
  return (await runImport(ctx, input, false))!;
}

/**
 * The first start's import: only into a database without a season. Decided under the import lock,
 * so of several instances starting at once on an empty database one imports and the others get
 * null (they used to import too, and all but one failed to start on a duplicate key).
 */
export async function importSeasonIfEmpty({ ctx, input }: { ctx: SeasonContext; input: { dir: string } }): Promise<ImportReport | null> {
  return runImport(ctx, input, true);
}

/** Thrown inside the transaction of a dry run, so that nothing it did stays. */
class DryRunRollback extends Error {}

async function runImport(ctx: SeasonContext, input: ImportInput, onlyIfEmpty: boolean): Promise<ImportReport | null> {
  const overwrite = input.overwrite === true;
  const dryRun = input.dryRun === true;
  const today = berlinToday(ctx.now());
  const season = await loadSeason(input.dir, today);
  const { file } = season;
  const seasonDir = path.resolve(input.dir);

  // Media: copy local images into the store (content-hashed names: nothing is written twice). A
  // dry run only works out the names.
  const media = { stored: 0, reused: 0 };
  const imageDtos = new Map<string, ImageDto>();
  for (const [ref, source] of season.images) {
    if (source.kind === 'url') {
      imageDtos.set(ref, { fields: { file: { url: source.url, ...(source.contentType ? { contentType: source.contentType } : {}) } } });
      continue;
    }
    const url = dryRun
      ? `${MEDIA_URL_PREFIX}/${mediaName(source.data, path.basename(source.rel))}`
      : await ctx.media.put(source.data, path.basename(source.rel)).then((stored) => {
          if (stored.created) media.stored++;
          else media.reused++;
          return stored.url;
        });
    const { contentType, width, height } = source.info;
    imageDtos.set(ref, { fields: { file: { url, contentType, ...(width && height ? { width, height } : {}) } } });
  }
  const image = (ref: string): ImageDto => {
    const dto = imageDtos.get(ref);
    if (!dto) throw new Error(`image ${ref} was not prepared`);
    return dto;
  };
  const markdownOf = (t: SeasonTeaser): string | null => (t.text !== undefined ? t.text.replace(/\r\n?/g, '\n') : null);
  const teaser = (t: SeasonTeaser): TeaserDto => ({
    headline: t.headline,
    ...(t.subheadline !== undefined ? { subheadline: t.subheadline } : {}),
    ...(t.text !== undefined ? { text: markdownToRichText(t.text) } : {}),
    ...(t.description !== undefined ? { description: t.description } : {}),
    images: t.images.map(image),
  });

  // Left out of the file: a re-import keeps the campaign the back office set (issue 24).
  const fileCampaign = campaignOfFile(file, image);
  const yearRow: NewYearRow = {
    id: file.year.id,
    year: file.year.year,
    teasers: {
      teaser1: teaser(file.year.teaser1),
      teaser2: teaser(file.year.teaser2),
      teaserPrizes: teaser(file.year.teaserPrizes),
    },
    teaserMarkdown: {
      teaser1: markdownOf(file.year.teaser1),
      teaser2: markdownOf(file.year.teaser2),
      teaserPrizes: markdownOf(file.year.teaserPrizes),
    },
  };
  const challengeRows: NewChallengeRow[] = season.challenges.map((c, position) => {
    const prizes: PrizesDto | null = c.prizes
      ? {
          headline: c.prizes.headline,
          ...(c.prizes.subheadline !== undefined ? { subheadline: c.prizes.subheadline } : {}),
          ...(c.prizes.text !== undefined ? { text: c.prizes.text } : {}),
          images: c.prizes.images.map(image),
        }
      : null;
    const points: PointsRowDto[] = c.points ?? DEFAULT_POINTS;
    return {
      id: c.id,
      yearId: file.year.id,
      position,
      objectTypeId: c.type,
      headline: c.headline,
      teasertitle: c.teasertitle ?? null,
      teasertext: c.teasertext ?? null,
      question: c.question ?? null,
      footnote: c.footnote ?? null,
      teaserImage: c.teaserImage ? image(c.teaserImage) : null,
      startDate: c.startDate,
      endDate: c.endDate,
      startDateSubmission: c.startDateSubmission ?? null,
      endDateSubmission: c.endDateSubmission ?? null,
      startDateVoting: c.startDateVoting ?? null,
      endDateVoting: c.endDateVoting ?? null,
      resultsDate: c.resultsDate ?? null,
      points,
      prizes,
      rightAnswer: c.rightAnswer ?? null,
      scoring: c.type === 'bfv-erd-goals' ? (c.scoring ?? 'highest') : c.type === 'bfv-erd-estimate' ? 'closest' : null,
    };
  });
  const clubRows: NewClubRow[] = season.clubs.map((c) => ({
    id: clubId(c.clubnumber, c.team),
    clubnumber: c.clubnumber,
    clubname: c.clubname,
    team: c.team,
    logourl: c.logourl ? image(c.logourl).fields.file.url : null,
    linkurl: c.linkurl || null,
    search: normalizeSearch(`${c.clubname} ${c.clubnumber}`),
  }));

  const report: ImportReport = {
    seasonDir,
    yearId: file.year.id,
    today,
    overwrite,
    dryRun,
    year: 'unchanged',
    site: 'unchanged',
    current: { before: null, after: null },
    challenges: emptyCounts(),
    clubs: emptyCounts(),
    media,
    differences: [],
    differencesApplied: false,
    notInFile: [],
    withdrawn: [],
    clubsInUseNotInList: [],
    warnings: [],
  };
  const now = ctx.now();
  const actor = input.actor ?? { operatorId: null, name: 'import' };
  // Additions are always written; what differs only with `overwrite`; nothing in a dry run (its
  // transaction is rolled back at the end, so that it reads exactly what a real run would).
  const applyDifferences = overwrite;

  const transaction = ctx.db.transaction(async (tx) => {
    await repo.lockSeasonImport(tx);
    if (onlyIfEmpty && (await repo.countYears(tx)) > 0) return false;

    // A challenge id or year number of another season: the file must name new ones (a copy's id
    // ends in its year, decisions); moving a challenge would take its entries and results along.
    const problems: string[] = [];
    const sameNumber = await repo.findYearByNumber(tx, yearRow.year);
    if (sameNumber && sameNumber.id !== yearRow.id) {
      problems.push(
        `${SEASON_FILE}: year.year: ${yearRow.year} ist schon die Saison "${sameNumber.id}"; eine Saison je Jahr (year.id "${yearRow.id}" passt nicht dazu)`,
      );
    }
    const byId = new Map(
      (
        await repo.findChallengesByIds(
          tx,
          challengeRows.map((c) => c.id),
        )
      ).map((row) => [row.id, row]),
    );
    for (const [index, row] of challengeRows.entries()) {
      const other = byId.get(row.id);
      if (other && other.yearId !== yearRow.id) {
        problems.push(
          `${SEASON_FILE}: challenges[${index}] ("${row.id}").id: die Challenge gehört zur Saison "${other.yearId}"; ein Import verschiebt keine Challenge in eine andere Saison (neue ID wählen, z. B. "${row.id}-${yearRow.year}")`,
        );
      }
    }
    if (problems.length) throw new SeasonValidationError(seasonDir, problems);

    // Year.
    const existingYear = await repo.findYear(tx, yearRow.id);
    const nextYear = { ...yearRow, campaign: fileCampaign ?? existingYear?.campaign ?? null };
    if (!existingYear) {
      await repo.insertYear(tx, { ...nextYear, createdAt: now, updatedAt: now });
      report.year = 'inserted';
    } else {
      const diffs = yearDifferences(existingYear, {
        ...yearRow,
        teasers: yearRow.teasers,
        teaserMarkdown: yearRow.teaserMarkdown!,
        campaign: fileCampaign,
      });
      report.differences.push(...diffs);
      const yearFields = fileCampaign
        ? (['year', 'teasers', 'teaserMarkdown', 'campaign'] as const)
        : (['year', 'teasers', 'teaserMarkdown'] as const);
      if (pick(existingYear, yearFields) !== pick(nextYear, yearFields)) {
        if (applyDifferences) {
          await repo.updateYear(tx, yearRow.id, {
            year: nextYear.year,
            teasers: nextYear.teasers,
            teaserMarkdown: nextYear.teaserMarkdown,
            campaign: nextYear.campaign,
            updatedAt: now,
          });
          report.year = 'updated';
        } else if (diffs.length) report.year = 'differs';
      }
    }

    // Challenges of this year: matched by id. New ones are added; those that differ are reported
    // (written with `overwrite`); those only in the database are reported and never deleted. A
    // withdrawn one stays withdrawn. One an operator removed in the back office is not brought back
    // without `overwrite`.
    const existing = new Map((await repo.listChallengesOfYear(tx, yearRow.id)).map((row) => [row.id, row]));
    const removedByOperator = await repo.challengesRemovedInBackOffice(
      tx,
      challengeRows.filter((c) => !existing.has(c.id)).map((c) => c.id),
    );
    const published = await repo.challengesWithPublishedResults(
      tx,
      challengeRows.map((c) => c.id),
    );
    const wanted = new Set(challengeRows.map((c) => c.id));
    const onlyInDb = [...existing.values()]
      .filter((row) => !wanted.has(row.id))
      .sort((a, b) => a.position - b.position || (a.id < b.id ? -1 : 1));
    // Without `overwrite` the stored order stays and new challenges go after the last one; with
    // it the file's order is written, the challenges only in the database after the file's.
    let nextPosition = Math.max(-1, ...[...existing.values()].map((r) => r.position)) + 1;
    const inserts: NewChallengeRow[] = [];
    for (const fileRow of challengeRows) {
      const old = existing.get(fileRow.id);
      const fromFile = season.challenges.find((c) => c.id === fileRow.id)!;
      if (!old) {
        if (removedByOperator.has(fileRow.id) && !applyDifferences) {
          report.differences.push({
            subject: 'challenge',
            id: fileRow.id,
            field: '(Eintrag)',
            database: '(im Back Office entfernt)',
            file: showTextOf(fileRow.headline),
          });
          continue;
        }
        inserts.push({ ...fileRow, position: applyDifferences ? fileRow.position : nextPosition++, createdAt: now, updatedAt: now });
        continue;
      }
      if (old.withdrawnAt) report.withdrawn.push(old.id);
      // The answer's warning holds whatever is written; the results day's only when the row is.
      const warnings: string[] = [];
      const row = keepResultsDate(
        keepOperatorAnswer(fileRow, old, fromFile, published.has(fileRow.id), report.warnings),
        old,
        fromFile,
        warnings,
      );
      const diffs = challengeDifferences(old, row);
      report.differences.push(...diffs);
      if (!diffs.length) {
        report.challenges.unchanged++;
        continue;
      }
      if (!applyDifferences) {
        report.challenges.differing++;
        continue;
      }
      report.warnings.push(...warnings);
      if (row.rightAnswer !== old.rightAnswer || row.scoring !== old.scoring) {
        await appendChallengeAudit(tx, {
          action: 'results-answer',
          operatorId: null,
          actor: 'import',
          challengeId: row.id,
          reason: null,
          details: {
            before: { rightAnswer: old.rightAnswer, scoring: old.scoring },
            after: { rightAnswer: row.rightAnswer ?? null, scoring: row.scoring ?? null },
            seasonDir,
          },
          at: now,
        });
      }
      await repo.updateChallenge(tx, row.id, { ...row, updatedAt: now });
      report.challenges.differing++;
      report.challenges.updated++;
    }
    await repo.insertChallenges(tx, inserts);
    report.challenges.inserted = inserts.length;
    for (const [i, old] of onlyInDb.entries()) {
      report.notInFile.push(old.id);
      report.challenges.kept++;
      const position = challengeRows.length + i;
      if (applyDifferences && old.position !== position) {
        report.differences.push({
          subject: 'challenge',
          id: old.id,
          field: 'position',
          database: `#${old.position + 1}`,
          file: `#${position + 1} (nach denen der Datei)`,
        });
        await repo.updateChallenge(tx, old.id, { position, updatedAt: now });
      }
    }

    // Site: the legal texts (one set for every season). The banner texts are not the season
    // file's. The file's year becomes current when the site has none yet, or with `makeCurrent`.
    const legal = { ...season.legal, ...season.legalMarkdown };
    const existingSite = await repo.findSite(tx, SITE_ID);
    report.current.before = existingSite?.currentYearId ?? null;
    if (!existingSite) {
      await repo.insertSite(tx, { id: SITE_ID, currentYearId: yearRow.id, ...legal, createdAt: now, updatedAt: now });
      report.site = 'inserted';
      report.current.after = yearRow.id;
    } else {
      const diffs = siteDifferences(existingSite, legal);
      report.differences.push(...diffs);
      const legalFields = ['terms', 'dataProtection', 'imprint', 'termsMarkdown', 'dataProtectionMarkdown', 'imprintMarkdown'] as const;
      const current = existingSite.currentYearId === null || input.makeCurrent ? yearRow.id : existingSite.currentYearId;
      report.current.after = current;
      const legalChanged = pick(existingSite, legalFields) !== pick(legal, legalFields);
      const values: Partial<NewSiteRow> = {
        ...(legalChanged && applyDifferences ? legal : {}),
        ...(current !== existingSite.currentYearId ? { currentYearId: current } : {}),
      };
      if (Object.keys(values).length) {
        await repo.updateSite(tx, SITE_ID, { ...values, updatedAt: now });
        report.site = 'updated';
      } else if (legalChanged && diffs.length) report.site = 'differs';
      if (current !== existingSite.currentYearId && existingSite.currentYearId !== null) {
        await appendAudit(tx, {
          action: 'season-switch',
          ...actorFields(actor),
          subjectType: 'year',
          subjectId: current,
          reason: null,
          details: {
            before: {
              currentYearId: existingSite.currentYearId,
              year: (await repo.findYear(tx, existingSite.currentYearId))?.year ?? null,
            },
            after: { currentYearId: current, year: yearRow.year },
            seasonDir,
          },
          at: now,
        });
      }
    }

    // Clubs: one catalogue for every season (a club entry is not a year's). New entries are added;
    // changed names, logos and links are reported (written with `overwrite`); an entry that left
    // the list is removed with `overwrite` when nothing refers to it, else kept: its entries,
    // results and accounts stay (decisions: "A club that leaves the list").
    const existingClubs = new Map((await repo.listClubs(tx)).map((row) => [row.id, row]));
    const clubInserts: NewClubRow[] = [];
    for (const row of clubRows) {
      const old = existingClubs.get(row.id);
      if (!old) {
        clubInserts.push({ ...row, createdAt: now, updatedAt: now });
        continue;
      }
      const diffs = clubDifferences(old, row);
      report.differences.push(...diffs);
      if (!diffs.length && pick(old, CLUB_FIELDS) === pick(row, CLUB_FIELDS)) report.clubs.unchanged++;
      else if (applyDifferences) {
        await repo.updateClub(tx, row.id, { ...row, updatedAt: now });
        report.clubs.differing++;
        report.clubs.updated++;
      } else if (diffs.length) report.clubs.differing++;
      else report.clubs.unchanged++;
    }
    await repo.insertClubs(tx, clubInserts);
    report.clubs.inserted = clubInserts.length;
    const wantedClubs = new Set(clubRows.map((c) => c.id));
    const goneClubs = [...existingClubs.keys()].filter((id) => !wantedClubs.has(id)).sort();
    const busyClubs = await repo.clubsInUse(tx, goneClubs);
    // One that is in use is no difference (no run removes it): listed apart, every run.
    for (const id of goneClubs) {
      if (busyClubs.has(id)) report.clubsInUseNotInList.push(id);
      else
        report.differences.push({
          subject: 'club',
          id,
          field: '(Eintrag)',
          database: showTextOf(existingClubs.get(id)!.clubname),
          file: '(nicht mehr in der Liste)',
        });
    }
    report.clubs.kept = busyClubs.size;
    if (applyDifferences) {
      await repo.deleteClubs(
        tx,
        goneClubs.filter((id) => !busyClubs.has(id)),
      );
      report.clubs.removed = goneClubs.length - busyClubs.size;
      for (const id of busyClubs) {
        report.warnings.push(`Verein "${id}" steht nicht mehr in der Vereinsliste, hat aber Teilnahmen oder ein Konto: bleibt erhalten.`);
      }
    } else report.clubs.differing += goneClubs.length - busyClubs.size;

    report.differencesApplied = applyDifferences;
    if (dryRun) throw new DryRunRollback();
    return true;
  });

  let imported: boolean;
  try {
    // The space data, club catalogue, browse lists and result files follow it (modules/cache).
    imported = dryRun ? await transaction : await announcing(ctx, [topics.content], transaction);
  } catch (error) {
    if (!(error instanceof DryRunRollback)) throw error;
    imported = true;
  }
  if (!imported) return null;
  if (dryRun) report.differencesApplied = false;

  for (const warning of report.warnings) ctx.log.warn(warning);
  ctx.log.info(
    {
      yearId: report.yearId,
      today: report.today,
      year: report.year,
      overwrite,
      dryRun,
      current: report.current,
      challenges: report.challenges,
      clubs: report.clubs,
      media: report.media,
      differences: report.differences.length,
    },
    dryRun ? `season import of ${report.seasonDir} tried (dry run, nothing written)` : `season imported from ${report.seasonDir}`,
  );
  return report;
}

const showTextOf = (text: string): string => `"${shorten(text, SHOWN_MAX - 2)}"`;

/**
 * The lines of an import's report, for the command line (docs/season-format.md "Re-importing").
 * The warnings are not among them: the import logs them.
 */
export function formatImportReport(report: ImportReport): string[] {
  const lines: string[] = [];
  const c = report.challenges;
  const k = report.clubs;
  const notApplied = report.differencesApplied ? 'written' : 'not written';
  lines.push(
    `${report.dryRun ? 'Dry run (nothing written): would import' : 'Imported'} ${report.yearId} from ${report.seasonDir} (relative dates resolved against ${report.today})`,
    `  year: ${report.year}, site: ${report.site}, current season: ${
      report.current.before === report.current.after
        ? `${report.current.after ?? '(none)'} (unchanged)`
        : `${report.current.before ?? '(none)'} → ${report.current.after}`
    }`,
    `  challenges: ${c.inserted} new, ${c.differing} differing (${notApplied}), ${c.unchanged} unchanged, ${c.kept} only in the database (kept)`,
    `  clubs: ${k.inserted} new, ${k.differing} differing or left the list (${notApplied}), ${k.unchanged} unchanged, ${k.removed} removed, ${k.kept} not in the list but in use (kept)`,
    `  media: ${report.media.stored} stored, ${report.media.reused} already there`,
  );
  if (report.differences.length) {
    lines.push(
      report.differencesApplied
        ? `Differences (database → file), written (--overwrite): ${report.differences.length}`
        : `Differences (database → file), NOT written: ${report.differences.length}${report.dryRun ? '' : '; to write them run again with --overwrite'}`,
      ...report.differences.map((d) => `  ${formatDifference(d)}`),
    );
  }
  if (report.notInFile.length)
    lines.push(`Challenges of ${report.yearId} not in the file (kept, an import deletes none): ${report.notInFile.join(', ')}`);
  if (report.withdrawn.length) lines.push(`Withdrawn challenges (stay withdrawn): ${report.withdrawn.join(', ')}`);
  if (report.clubsInUseNotInList.length) {
    lines.push(
      `Club entries not in the list that stay (entries or an account; their results stay): ${report.clubsInUseNotInList.join(', ')}`,
    );
  }
  return lines;
}

/** True when the report lists differences that were not written (the command line's exit code 2). */
export function hasUnwrittenDifferences(report: ImportReport): boolean {
  return report.differences.length > 0 && !report.differencesApplied;
}

/** True when no season has been imported yet (first start). */
export async function isSeasonEmpty(ctx: Pick<AppContext, 'db'>): Promise<boolean> {
  return (await repo.countYears(ctx.db)) === 0;
}

/** The club catalogue's reads and writes the back office's CSV import shares (modules/clubs-admin). */
export { clubsInUse, deleteClubs, insertClubs, listClubs, updateClub } from './repository.js';
