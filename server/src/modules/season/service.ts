import fs from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import type { CampaignDto, ImageDto, PointsRowDto, PrizesDto, RichTextDto, TeaserDto } from '@erd/shared-contracts/wire';
import type { AppContext } from '../../context.js';
import { SITE_ID, type ChallengeRow, type NewChallengeRow, type NewClubRow, type NewYearRow } from '../../db/schema/index.js';
import { berlinToday, resolveDateSpec } from '../../lib/dates.js';
import { inspectImage, contentTypeForExtension, type ImageInfo } from '../../lib/image-info.js';
import { stableStringify } from '../../lib/stable-json.js';
import { normalizeSearch } from '../../lib/text.js';
import { ClubCsvEncodingError, decodeClubsCsv, readClubsCsv as readClubRows } from './clubs-csv.js';
import { markdownToRichText } from './markdown.js';
import { announcing, topics } from '../cache/changes.js';
import * as repo from './repository.js';
import {
  DEFAULT_POINTS,
  VOTE_TYPES,
  seasonSchema,
  type ClubCsvRow,
  type SeasonChallenge,
  type SeasonFile,
  type SeasonTeaser,
} from './schema.js';

/**
 * Imports a season folder (docs/season-format.md): validates everything first and reports every
 * problem at once; then copies images into the media store and upserts year, site, challenges and
 * clubs in one transaction. Re-importing the same input changes nothing.
 */

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
  updated: number;
  unchanged: number;
  /** Rows no longer in the input that were deleted. */
  removed: number;
  /** Rows no longer in the input that were kept because they have participations. */
  kept: number;
}

export interface ImportReport {
  seasonDir: string;
  yearId: string;
  /** The day relative dates were resolved against (Europe/Berlin). */
  today: string;
  year: 'inserted' | 'updated' | 'unchanged';
  site: 'inserted' | 'updated' | 'unchanged';
  challenges: ImportCounts;
  clubs: ImportCounts;
  media: { stored: number; reused: number };
  warnings: string[];
}

export type SeasonContext = Pick<AppContext, 'db' | 'media' | 'log' | 'now'>;

// ---------------------------------------------------------------------------------------------
// Reading and validating

type ImageSource =
  | { kind: 'url'; url: string; contentType?: string }
  | { kind: 'file'; rel: string; data: Buffer; info: ImageInfo };

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

const VOTE_DATE_KEYS = ['startDateSubmission', 'endDateSubmission', 'startDateVoting', 'endDateVoting'] as const;

/**
 * The order of a challenge's dates (docs/season-format.md), as German problems without a location:
 * start on or before end; vote types need all four window dates, submission inside the challenge,
 * submission ends before voting starts, voting ends on or before the end; other types have none.
 * The season import and the back office (modules/challenges-admin) check dates with this one rule.
 */
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
const emptyCounts = (): Counts => ({ inserted: 0, updated: 0, unchanged: 0, removed: 0, kept: 0 });

function pick<T extends object>(row: T, fields: readonly (keyof T)[]): string {
  return stableStringify(Object.fromEntries(fields.map((f) => [f, row[f] ?? null])));
}

const CHALLENGE_FIELDS = [
  'yearId',
  'position',
  'objectTypeId',
  'headline',
  'teasertitle',
  'teasertext',
  'question',
  'footnote',
  'teaserImage',
  'startDate',
  'endDate',
  'startDateSubmission',
  'endDateSubmission',
  'startDateVoting',
  'endDateVoting',
  'resultsDate',
  'points',
  'prizes',
  'rightAnswer',
  'scoring',
] as const satisfies readonly (keyof NewChallengeRow)[];

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

export async function importSeason({
  ctx,
  input,
}: {
  ctx: SeasonContext;
  input: { dir: string };
}): Promise<ImportReport> {
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

async function runImport(ctx: SeasonContext, input: { dir: string }, onlyIfEmpty: boolean): Promise<ImportReport | null> {
  const today = berlinToday(ctx.now());
  const season = await loadSeason(input.dir, today);
  const { file } = season;

  // Media: copy local images into the store (content-hashed names: nothing is written twice).
  const media = { stored: 0, reused: 0 };
  const imageDtos = new Map<string, ImageDto>();
  for (const [ref, source] of season.images) {
    if (source.kind === 'url') {
      imageDtos.set(ref, { fields: { file: { url: source.url, ...(source.contentType ? { contentType: source.contentType } : {}) } } });
      continue;
    }
    const stored = await ctx.media.put(source.data, path.basename(source.rel));
    if (stored.created) media.stored++;
    else media.reused++;
    const { contentType, width, height } = source.info;
    imageDtos.set(ref, { fields: { file: { url: stored.url, contentType, ...(width && height ? { width, height } : {}) } } });
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
    seasonDir: path.resolve(input.dir),
    yearId: file.year.id,
    today,
    year: 'unchanged',
    site: 'unchanged',
    challenges: emptyCounts(),
    clubs: emptyCounts(),
    media,
    warnings: [],
  };
  const now = ctx.now();

  // The space data, club catalogue, browse lists and result files follow it (modules/cache).
  let skipped = false;
  await announcing(ctx, [topics.content], ctx.db.transaction(async (tx) => {
    await repo.lockSeasonImport(tx);
    if (onlyIfEmpty && (await repo.countYears(tx)) > 0) {
      skipped = true;
      return;
    }
    // Year.
    const existingYear = await repo.findYear(tx, yearRow.id);
    const yearFields = fileCampaign ? (['year', 'teasers', 'teaserMarkdown', 'campaign'] as const) : (['year', 'teasers', 'teaserMarkdown'] as const);
    const nextYear = { ...yearRow, campaign: fileCampaign ?? existingYear?.campaign ?? null };
    if (!existingYear) {
      await repo.insertYear(tx, { ...nextYear, createdAt: now, updatedAt: now });
      report.year = 'inserted';
    } else if (pick(existingYear, yearFields) !== pick(nextYear, yearFields)) {
      await repo.updateYear(tx, yearRow.id, {
        year: nextYear.year,
        teasers: nextYear.teasers,
        teaserMarkdown: nextYear.teaserMarkdown,
        campaign: nextYear.campaign,
        updatedAt: now,
      });
      report.year = 'updated';
    }

    // Challenges: those of this year plus any with an id from the file (they move to this year).
    const existing = new Map(
      [...(await repo.listChallengesOfYear(tx, yearRow.id)), ...(await repo.findChallengesByIds(tx, challengeRows.map((c) => c.id)))].map(
        (row) => [row.id, row],
      ),
    );
    const inserts: NewChallengeRow[] = [];
    const published = await repo.challengesWithPublishedResults(tx, challengeRows.map((c) => c.id));
    for (const fileRow of challengeRows) {
      const old = existing.get(fileRow.id);
      const fromFile = season.challenges.find((c) => c.id === fileRow.id)!;
      const row = old
        ? keepResultsDate(keepOperatorAnswer(fileRow, old, fromFile, published.has(fileRow.id), report.warnings), old, fromFile, report.warnings)
        : fileRow;
      if (old && (row.rightAnswer !== old.rightAnswer || row.scoring !== old.scoring)) {
        await repo.insertAnswerAudit(tx, {
          challengeId: row.id,
          before: { rightAnswer: old.rightAnswer, scoring: old.scoring },
          after: { rightAnswer: row.rightAnswer ?? null, scoring: row.scoring ?? null },
          dir: path.resolve(input.dir),
          at: now,
        });
      }
      if (!old) inserts.push({ ...row, createdAt: now, updatedAt: now });
      else if (pick(old, CHALLENGE_FIELDS) !== pick(row, CHALLENGE_FIELDS)) {
        await repo.updateChallenge(tx, row.id, { ...row, updatedAt: now });
        report.challenges.updated++;
      } else report.challenges.unchanged++;
    }
    await repo.insertChallenges(tx, inserts);
    report.challenges.inserted = inserts.length;
    const wanted = new Set(challengeRows.map((c) => c.id));
    const gone = [...existing.values()].filter((row) => !wanted.has(row.id) && row.yearId === yearRow.id);
    const busy = await repo.challengesWithParticipations(tx, gone.map((c) => c.id));
    await repo.deleteChallenges(tx, gone.filter((c) => !busy.has(c.id)).map((c) => c.id));
    report.challenges.removed = gone.length - busy.size;
    report.challenges.kept = busy.size;
    for (const id of busy) {
      report.warnings.push(`Challenge "${id}" steht nicht mehr in der Season-Datei, hat aber Teilnahmen: bleibt erhalten.`);
    }

    // Site (legal texts) shows this year. The banner texts are not the season file's: kept.
    const siteRow = { currentYearId: yearRow.id, ...season.legal, ...season.legalMarkdown };
    const existingSite = await repo.findSite(tx, SITE_ID);
    const siteFields = ['currentYearId', 'terms', 'dataProtection', 'imprint', 'termsMarkdown', 'dataProtectionMarkdown', 'imprintMarkdown'] as const;
    if (!existingSite) {
      await repo.insertSite(tx, { id: SITE_ID, ...siteRow, createdAt: now, updatedAt: now });
      report.site = 'inserted';
    } else if (pick(existingSite, siteFields) !== pick(siteRow, siteFields)) {
      await repo.updateSite(tx, SITE_ID, { ...siteRow, updatedAt: now });
      report.site = 'updated';
    }

    // Clubs.
    const existingClubs = new Map((await repo.listClubs(tx)).map((row) => [row.id, row]));
    const clubInserts: NewClubRow[] = [];
    for (const row of clubRows) {
      const old = existingClubs.get(row.id);
      if (!old) clubInserts.push({ ...row, createdAt: now, updatedAt: now });
      else if (pick(old, CLUB_FIELDS) !== pick(row, CLUB_FIELDS)) {
        await repo.updateClub(tx, row.id, { ...row, updatedAt: now });
        report.clubs.updated++;
      } else report.clubs.unchanged++;
    }
    await repo.insertClubs(tx, clubInserts);
    report.clubs.inserted = clubInserts.length;
    const wantedClubs = new Set(clubRows.map((c) => c.id));
    const goneClubs = [...existingClubs.keys()].filter((id) => !wantedClubs.has(id));
    const busyClubs = await repo.clubsInUse(tx, goneClubs);
    await repo.deleteClubs(tx, goneClubs.filter((id) => !busyClubs.has(id)));
    report.clubs.removed = goneClubs.length - busyClubs.size;
    report.clubs.kept = busyClubs.size;
    for (const id of busyClubs) {
      report.warnings.push(`Verein "${id}" steht nicht mehr in der Vereinsliste, hat aber Teilnahmen oder ein Konto: bleibt erhalten.`);
    }
  }));
  if (skipped) return null;

  for (const warning of report.warnings) ctx.log.warn(warning);
  ctx.log.info(
    {
      yearId: report.yearId,
      today: report.today,
      year: report.year,
      challenges: report.challenges,
      clubs: report.clubs,
      media: report.media,
    },
    `season imported from ${report.seasonDir}`,
  );
  return report;
}

/** True when no season has been imported yet (first start). */
export async function isSeasonEmpty(ctx: Pick<AppContext, 'db'>): Promise<boolean> {
  return (await repo.countYears(ctx.db)) === 0;
}
