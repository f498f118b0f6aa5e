import type {
  AdminSeasonChallengeDto,
  AdminSeasonDto,
  AdminSeasonListDto,
  AdminSeasonSummaryDto,
  SeasonChallengeCreateInput,
  SeasonChallengeCreatedDto,
  SeasonChallengeDuplicateInput,
  SeasonChallengeOrderInput,
  SeasonChallengeRemoveInput,
  SeasonChallengeWithdrawInput,
  SeasonCreateInput,
  SeasonReasonInput,
  SeasonSwitchInput,
} from '@erd/shared-contracts/schemas';
import type { AuditAction } from '@erd/shared-contracts/backoffice';
import type { TeaserDto } from '@erd/shared-contracts/wire';
import type { AppContext, ServiceCall } from '../../context.js';
import type { ChallengeRow, NewChallengeRow, YearRow } from '../../db/schema/index.js';
import { CodedError, NotFoundError, ValidationError } from '../../errors.js';
import { addDays, berlinToday, isValidIsoDate } from '../../lib/dates.js';
import { normalizeSearch } from '../../lib/text.js';
import { actorFields, appendAudit, type Actor } from '../audit/service.js';
import { announce, topics } from '../cache/changes.js';
import { CHALLENGE_DATE_KEYS, DEFAULT_POINTS, ID_PATTERN, VOTE_DATE_KEYS } from '../season/schema.js';
import { challengeDateProblems, dateProblemForPeople, type ResolvedDates } from '../season/service.js';
import { seasonStateOf } from '../season/state.js';
import * as repo from './repository.js';

/**
 * The seasons in the back office (issue 26): every year with its state and challenges; admins make
 * a season (empty, or a copy of one with every date moved), switch the season the public site
 * shows, and create, duplicate, remove, withdraw, restore and reorder the challenges of a season.
 * Every change is one audit row (before and after) written in the change's transaction, and is
 * announced on the change feed (`content`), so every instance's cached space data and lists follow
 * at the next page load. A change that changes nothing writes nothing.
 */

type Ctx = Pick<AppContext, 'db' | 'now'> & Partial<Pick<AppContext, 'changes'>>;

export const SEASON_ACTIONS = {
  create: 'season-create',
  copy: 'season-copy',
  switch: 'season-switch',
  challengeCreate: 'season-challenge-create',
  challengeDuplicate: 'season-challenge-duplicate',
  challengeRemove: 'season-challenge-remove',
  challengeWithdraw: 'season-challenge-withdraw',
  challengeRestore: 'season-challenge-restore',
  challengeOrder: 'season-challenge-order',
} as const satisfies Record<string, AuditAction>;

export const MESSAGES = {
  seasonNotFound: 'Diese Saison gibt es nicht.',
  challengeNotFound: 'Diese Challenge gibt es nicht.',
  copyNotFound: 'Die Saison, die kopiert werden soll, gibt es nicht.',
  yearTaken: (year: number) => `Die Saison ${year} gibt es schon. Wähle ein anderes Jahr.`,
  idTaken: (id: string) => `Die Kennung „${id}“ ist schon vergeben. Wähle ein anderes Jahr.`,
  live: 'Diese Saison ist live: die Änderung verschiebt die öffentliche Nummerierung (#n) der Challenges. Bitte bestätige sie.',
  hasEntries: (n: number) =>
    `Zu dieser Challenge gibt es schon ${n === 1 ? 'einen Beitrag' : `${n} Beiträge`}: entfernen geht nicht mehr. Ziehe sie stattdessen zurück (mit Grund); ihre Beiträge bleiben erhalten.`,
  hasResults: 'Die Ergebnisse dieser Challenge sind veröffentlicht: entfernen geht nicht mehr. Ziehe sie stattdessen zurück (mit Grund).',
  orderIds: 'Die Reihenfolge muss jede Challenge der Saison genau einmal enthalten. Lade die Saison neu.',
  pastCopy: (headline: string, endDate: string, today: string) =>
    `Mit dieser Verschiebung endet „${headline}“ am ${endDate}, vor heute (${today}): eine neue Saison liegt nicht in der Vergangenheit. Wähle eine größere Verschiebung.`,
  badDay: 'Kein gültiger Tag (JJJJ-MM-TT).',
} as const;

type DateKey = (typeof CHALLENGE_DATE_KEYS)[number];

/** A headline's copy: ' (Kopie)' appended, kept within the 300 characters a headline may have (challenges-admin). */
const COPY_SUFFIX = ' (Kopie)';
const HEADLINE_MAX = 300;

// ---------------------------------------------------------------------------------------------
// Reading

interface SeasonFacts {
  year: YearRow;
  challenges: ChallengeRow[];
  entries: Map<string, number>;
  published: boolean;
}

function summaryOf(facts: SeasonFacts, currentYearId: string | null, today: string): AdminSeasonSummaryDto {
  const active = facts.challenges.filter((c) => !c.withdrawnAt);
  const startDate = active.length ? active.reduce((d, c) => (c.startDate < d ? c.startDate : d), active[0]!.startDate) : null;
  const endDate = active.length ? active.reduce((d, c) => (c.endDate > d ? c.endDate : d), active[0]!.endDate) : null;
  const entries = facts.challenges.reduce((n, c) => n + (facts.entries.get(c.id) ?? 0), 0);
  return {
    id: facts.year.id,
    year: facts.year.year,
    state: seasonStateOf(facts.year.id, currentYearId, { entries, published: facts.published, endDate }, today),
    current: facts.year.id === currentYearId,
    startDate,
    endDate,
    challenges: active.length,
    entries,
    updatedAt: facts.year.updatedAt.toISOString(),
  };
}

function challengeItemOf(row: ChallengeRow, position: number, entries: number, published: boolean): AdminSeasonChallengeDto {
  return {
    id: row.id,
    position,
    objectTypeId: row.objectTypeId,
    headline: row.headline,
    startDate: row.startDate,
    endDate: row.endDate,
    entries,
    resultsPublished: published,
    withdrawn: row.withdrawnAt ? { at: row.withdrawnAt.toISOString(), reason: row.withdrawnReason ?? '' } : null,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** GET /api/operator/seasons: every season, newest first, with the day the states were computed for. */
export async function listSeasons({ ctx }: { ctx: Ctx }): Promise<AdminSeasonListDto> {
  const today = berlinToday(ctx.now());
  const [yearRows, site, all, published] = await Promise.all([
    repo.listYears(ctx.db),
    repo.findSite(ctx.db),
    repo.listChallenges(ctx.db),
    repo.yearsWithPublishedResults(ctx.db),
  ]);
  const entries = await repo.entryCounts(
    ctx.db,
    all.map((c) => c.id),
  );
  const currentYearId = site?.currentYearId ?? null;
  return {
    today,
    items: yearRows.map((year) =>
      summaryOf(
        { year, challenges: all.filter((c) => c.yearId === year.id), entries, published: published.has(year.id) },
        currentYearId,
        today,
      ),
    ),
  };
}

/** GET /api/operator/seasons/{yearId}: the summary and every challenge (withdrawn ones too) in order. */
export async function getSeason({ ctx, input }: { ctx: Ctx; input: { yearId: string } }): Promise<AdminSeasonDto> {
  const year = await repo.findYear(ctx.db, input.yearId);
  if (!year) throw new NotFoundError(MESSAGES.seasonNotFound);
  return seasonDto(ctx, year);
}

async function seasonDto(ctx: Ctx, year: YearRow): Promise<AdminSeasonDto> {
  const today = berlinToday(ctx.now());
  const [site, rows, yearsPublished] = await Promise.all([
    repo.findSite(ctx.db),
    repo.listChallengesOfYear(ctx.db, year.id),
    repo.yearsWithPublishedResults(ctx.db),
  ]);
  const ids = rows.map((c) => c.id);
  const [entries, published] = await Promise.all([repo.entryCounts(ctx.db, ids), repo.challengesWithPublishedResults(ctx.db, ids)]);
  return {
    ...summaryOf({ year, challenges: rows, entries, published: yearsPublished.has(year.id) }, site?.currentYearId ?? null, today),
    challengeItems: rows.map((row, i) => challengeItemOf(row, i + 1, entries.get(row.id) ?? 0, published.has(row.id))),
  };
}

// ---------------------------------------------------------------------------------------------
// Ids

/** A challenge id's stem: `[a-z0-9-]`, without a trailing year (`-2026`), at most 80 characters. */
function stemOf(value: string): string {
  const stem = normalizeSearch(value)
    .replace(/[^a-z0-9_-]+/g, '-')
    .replace(/-\d{4}$/, '')
    .slice(0, 80)
    .replace(/^[-_]+|[-_]+$/g, '');
  return stem || 'challenge';
}

/**
 * A free challenge id `<stem>-<year>` (`-2`, `-3` … appended while taken by any season's
 * challenge or by one of `reserved`): ids are unique over all years.
 */
async function freeChallengeId(db: Ctx['db'], stem: string, year: number, reserved: ReadonlySet<string> = new Set()): Promise<string> {
  const base = `${stem}-${year}`;
  const taken = await repo.challengeIdsLike(db, base);
  const free = (id: string) => !taken.has(id) && !reserved.has(id);
  if (free(base)) return base;
  for (let n = 2; ; n++) {
    const id = `${base}-${n}`;
    if (free(id)) {
      if (!ID_PATTERN.test(id)) throw new Error(`challenge id ${id} breaks the id pattern`);
      return id;
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Dates

function datesOf(row: Pick<ChallengeRow, DateKey>): ResolvedDates {
  return {
    startDate: row.startDate,
    endDate: row.endDate,
    startDateSubmission: row.startDateSubmission ?? undefined,
    endDateSubmission: row.endDateSubmission ?? undefined,
    startDateVoting: row.startDateVoting ?? undefined,
    endDateVoting: row.endDateVoting ?? undefined,
    resultsDate: row.resultsDate ?? undefined,
  };
}

/** The field a problem of `challengeDateProblems` names first (its text starts with the key). */
function fieldOfProblem(problem: string): DateKey | undefined {
  return [...CHALLENGE_DATE_KEYS]
    .sort((a, b) => b.length - a.length)
    .find((key) => problem.startsWith(`${key} `) || problem.startsWith(`${key},`));
}

function shift(day: string | null, offset: number): string | null {
  return day === null ? null : addDays(day, offset);
}

// ---------------------------------------------------------------------------------------------
// Changing

function audit(
  db: Ctx['db'],
  actor: Actor,
  at: Date,
  row: {
    action: AuditAction;
    subjectType: 'year' | 'challenge';
    subjectId: string;
    challengeId?: string | null;
    reason?: string | null;
    details: Record<string, unknown>;
  },
) {
  return appendAudit(db, {
    action: row.action,
    ...actorFields(actor),
    subjectType: row.subjectType,
    subjectId: row.subjectId,
    challengeId: row.challengeId ?? null,
    reason: row.reason ?? null,
    details: row.details,
    at,
  });
}

/** The audit row's subject when it is one challenge. */
const challengeSubject = (id: string) => ({ subjectType: 'challenge' as const, subjectId: id, challengeId: id });

function isUniqueViolation(error: unknown): boolean {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === '23505') return true;
  }
  return false;
}

/** A later `updatedAt` than `old`'s, also within the same millisecond. */
const nextVersion = (now: Date, old: Date) => new Date(Math.max(now.getTime(), old.getTime() + 1));

/** The three home teasers of a new season: empty, to be written in 'Inhalte' once it is current (or previewed). */
function emptyTeasers(): YearRow['teasers'] {
  const teaser = (): TeaserDto => ({ headline: '', images: [] });
  return { teaser1: teaser(), teaser2: teaser(), teaserPrizes: teaser() };
}

/** What a challenge is, for the audit log (no right answer). */
function challengeRecord(row: Pick<NewChallengeRow, 'id' | 'yearId' | 'objectTypeId' | 'headline' | DateKey>, position: number) {
  return {
    id: row.id,
    yearId: row.yearId,
    position,
    objectTypeId: row.objectTypeId,
    headline: row.headline,
    ...Object.fromEntries(CHALLENGE_DATE_KEYS.filter((key) => row[key] !== null && row[key] !== undefined).map((key) => [key, row[key]])),
  };
}

/**
 * POST /api/operator/seasons (admin): a new season `year-<year>`, empty or a copy of `copyFrom`
 * with every date moved by `offsetDays`. A copy takes the challenges that are not withdrawn (type,
 * texts, pictures, points table, prizes, scoring; ids `<id without -YYYY>-<year>`), the teasers
 * with their Markdown, the campaign and the banner texts; never entries, votes, results or right
 * answers. Each copied challenge's dates pass the season's date rules, and none ends before today.
 */
export async function createSeason({ ctx, input }: ServiceCall<Ctx, { body: SeasonCreateInput; actor: Actor }>): Promise<AdminSeasonDto> {
  const { year, copyFrom } = input.body;
  const offset = input.body.offsetDays ?? 0;
  const yearId = `year-${year}`;
  const today = berlinToday(ctx.now());

  const created = await ctx.db
    .transaction(async (tx) => {
      if (await repo.findYearByNumber(tx, year)) throw new CodedError(409, 'SeasonExists', MESSAGES.yearTaken(year), { field: 'year' });
      if (await repo.findYear(tx, yearId)) throw new CodedError(409, 'SeasonExists', MESSAGES.idTaken(yearId), { field: 'year' });
      const now = ctx.now();

      if (copyFrom === undefined) {
        const row = await repo.insertYear(tx, {
          id: yearId,
          year,
          teasers: emptyTeasers(),
          teaserMarkdown: { teaser1: null, teaser2: null, teaserPrizes: null },
          campaign: null,
          createdAt: now,
          updatedAt: now,
        });
        await audit(tx, input.actor, now, {
          action: SEASON_ACTIONS.create,
          subjectType: 'year',
          subjectId: yearId,
          details: { after: { id: yearId, year } },
        });
        return row;
      }

      const source = await repo.findYear(tx, copyFrom);
      if (!source) throw new NotFoundError(MESSAGES.copyNotFound, { field: 'copyFrom' });
      const sourceChallenges = (await repo.listChallengesOfYear(tx, source.id)).filter((c) => !c.withdrawnAt);

      // Dates first: every problem of every challenge at once.
      const problems: Array<{ field: string; challengeId: string; message: string }> = [];
      const moved = sourceChallenges.map((c) => {
        const dates = Object.fromEntries(CHALLENGE_DATE_KEYS.map((key) => [key, shift(c[key], offset)])) as Record<DateKey, string | null>;
        for (const problem of challengeDateProblems(c.objectTypeId, datesOf(dates as Pick<ChallengeRow, DateKey>))) {
          problems.push({ field: 'offsetDays', challengeId: c.id, message: `„${c.headline}“: ${dateProblemForPeople(problem)}` });
        }
        if (dates.endDate! < today)
          problems.push({ field: 'offsetDays', challengeId: c.id, message: MESSAGES.pastCopy(c.headline, dates.endDate!, today) });
        return { source: c, dates };
      });
      if (problems.length) throw new ValidationError(problems[0]!.message, { field: 'offsetDays', problems });

      const row = await repo.insertYear(tx, {
        id: yearId,
        year,
        teasers: source.teasers,
        teaserMarkdown: source.teaserMarkdown,
        campaign: source.campaign,
        bannerText1: source.bannerText1,
        bannerText2: source.bannerText2,
        createdAt: now,
        updatedAt: now,
      });
      const reserved = new Set<string>();
      const rows: NewChallengeRow[] = [];
      for (const [index, { source: c, dates }] of moved.entries()) {
        const id = await freeChallengeId(tx, stemOf(c.id), year, reserved);
        reserved.add(id);
        rows.push({
          id,
          yearId,
          position: index + 1,
          objectTypeId: c.objectTypeId,
          headline: c.headline,
          teasertitle: c.teasertitle,
          teasertext: c.teasertext,
          question: c.question,
          footnote: c.footnote,
          teaserImage: c.teaserImage,
          startDate: dates.startDate!,
          endDate: dates.endDate!,
          startDateSubmission: dates.startDateSubmission,
          endDateSubmission: dates.endDateSubmission,
          startDateVoting: dates.startDateVoting,
          endDateVoting: dates.endDateVoting,
          resultsDate: dates.resultsDate,
          points: c.points,
          prizes: c.prizes,
          rightAnswer: null,
          scoring: c.scoring,
          createdAt: now,
          updatedAt: now,
        });
      }
      await repo.insertChallenges(tx, rows);
      await audit(tx, input.actor, now, {
        action: SEASON_ACTIONS.copy,
        subjectType: 'year',
        subjectId: yearId,
        details: {
          from: source.id,
          offsetDays: offset,
          after: {
            id: yearId,
            year,
            challenges: rows.map((r, i) => ({ id: r.id, from: moved[i]!.source.id, startDate: r.startDate, endDate: r.endDate })),
          },
        },
      });
      return row;
    })
    .catch((error: unknown) => {
      // Two admins making the same year at once: the unique index refuses the second.
      if (isUniqueViolation(error)) throw new CodedError(409, 'SeasonExists', MESSAGES.yearTaken(year), { field: 'year' });
      throw error;
    });
  // The public seasons list names the next season's start (modules/seasons-public).
  await announce(ctx, [topics.content]);
  return seasonDto(ctx, created);
}

/**
 * PUT /api/operator/seasons/current (admin): the season the public site shows, confirmed and with a
 * reason; one audit row with before and after. Every instance serves it at the next page load (the
 * change feed drops their cached space data). The current season again changes nothing.
 */
export async function switchSeason({
  ctx,
  input,
}: ServiceCall<Ctx, { body: SeasonSwitchInput; actor: Actor }>): Promise<AdminSeasonListDto> {
  const changed = await ctx.db.transaction(async (tx) => {
    const site = await repo.lockSite(tx);
    const year = await repo.findYear(tx, input.body.yearId);
    if (!year) throw new NotFoundError(MESSAGES.seasonNotFound, { field: 'yearId' });
    if (!site) throw new NotFoundError(MESSAGES.seasonNotFound);
    if (site.currentYearId === year.id) return false;
    const now = ctx.now();
    // The site's version moves too: a content screen loaded before the switch cannot save the banner texts of the other season unseen.
    await repo.setCurrentYear(tx, year.id, nextVersion(now, site.updatedAt));
    const before = site.currentYearId ? await repo.findYear(tx, site.currentYearId) : undefined;
    await audit(tx, input.actor, now, {
      action: SEASON_ACTIONS.switch,
      subjectType: 'year',
      subjectId: year.id,
      reason: input.body.reason,
      details: {
        before: { currentYearId: site.currentYearId, year: before?.year ?? null },
        after: { currentYearId: year.id, year: year.year },
      },
    });
    return true;
  });
  if (changed) await announce(ctx, [topics.content]);
  return listSeasons({ ctx });
}

/** The year of a change, locked (changes of one season's challenges wait for each other), and whether it is live. */
async function lockedSeason(tx: Ctx['db'], yearId: string): Promise<{ year: YearRow; live: boolean }> {
  const year = await repo.lockYear(tx, yearId);
  if (!year) throw new NotFoundError(MESSAGES.seasonNotFound);
  const site = await repo.findSite(tx);
  return { year, live: site?.currentYearId === year.id };
}

/** The live season's public numbering (#n) changes only when confirmed. */
function requireConfirmation(live: boolean, confirmLive: boolean | undefined): void {
  if (live && confirmLive !== true) throw new CodedError(409, 'SeasonLive', MESSAGES.live, { field: 'confirmLive' });
}

async function challengeOf(db: Ctx['db'], id: string): Promise<ChallengeRow> {
  const row = await repo.findChallenge(db, id);
  if (!row) throw new NotFoundError(MESSAGES.challengeNotFound);
  return row;
}

/**
 * POST /api/operator/seasons/{yearId}/challenges (admin): a new challenge of one of the four types
 * at the end of the season, with the defaults the season import gives (points table, scoring), its
 * id from the headline (`<slug>-<year>`). Its dates pass the season's date rules.
 */
export async function createChallenge({
  ctx,
  input,
}: ServiceCall<Ctx, { yearId: string; body: SeasonChallengeCreateInput; actor: Actor }>): Promise<SeasonChallengeCreatedDto> {
  const { body } = input;
  for (const key of CHALLENGE_DATE_KEYS) {
    const value = (body as Partial<Record<DateKey, string>>)[key];
    if (value !== undefined && !isValidIsoDate(value)) throw new ValidationError(`${key}: ${MESSAGES.badDay}`, { field: key });
  }
  const dates: ResolvedDates = {
    startDate: body.startDate,
    endDate: body.endDate,
    startDateSubmission: body.startDateSubmission,
    endDateSubmission: body.endDateSubmission,
    startDateVoting: body.startDateVoting,
    endDateVoting: body.endDateVoting,
  };
  const problems = challengeDateProblems(body.objectTypeId, dates);
  if (problems.length) {
    const field = fieldOfProblem(problems[0]!) ?? 'startDate';
    throw new ValidationError(problems.map(dateProblemForPeople).join('; '), {
      field,
      problems: problems.map((message) => ({ field: fieldOfProblem(message) ?? field, message: dateProblemForPeople(message) })),
    });
  }

  const id = await ctx.db.transaction(async (tx) => {
    const { year, live } = await lockedSeason(tx, input.yearId);
    requireConfirmation(live, body.confirmLive);
    const siblings = await repo.listChallengesOfYear(tx, year.id);
    const position = siblings.reduce((max, c) => Math.max(max, c.position), 0) + 1;
    const id = await freeChallengeId(tx, stemOf(body.headline), year.year);
    const now = ctx.now();
    const row: NewChallengeRow = {
      id,
      yearId: year.id,
      position,
      objectTypeId: body.objectTypeId,
      headline: body.headline,
      startDate: body.startDate,
      endDate: body.endDate,
      ...Object.fromEntries(VOTE_DATE_KEYS.map((key) => [key, body[key] ?? null])),
      points: DEFAULT_POINTS,
      prizes: null,
      rightAnswer: null,
      scoring: body.objectTypeId === 'bfv-erd-goals' ? 'highest' : body.objectTypeId === 'bfv-erd-estimate' ? 'closest' : null,
      createdAt: now,
      updatedAt: now,
    };
    await repo.insertChallenges(tx, [row]);
    await audit(tx, input.actor, now, {
      action: SEASON_ACTIONS.challengeCreate,
      ...challengeSubject(id),
      details: { yearId: year.id, live, before: null, after: challengeRecord(row, siblings.length + 1) },
    });
    return id;
  });
  await announce(ctx, [topics.content]);
  return { id, season: await getSeason({ ctx, input: { yearId: input.yearId } }) };
}

/**
 * POST /api/operator/season-challenges/{id}/duplicate (admin): a copy placed right after it, its
 * headline with ' (Kopie)'; no right answer, no entries, votes or results, not withdrawn.
 */
export async function duplicateChallenge({
  ctx,
  input,
}: ServiceCall<Ctx, { id: string; body: SeasonChallengeDuplicateInput; actor: Actor }>): Promise<SeasonChallengeCreatedDto> {
  const first = await challengeOf(ctx.db, input.id);
  const { id, yearId } = await ctx.db.transaction(async (tx) => {
    const { year, live } = await lockedSeason(tx, first.yearId);
    requireConfirmation(live, input.body.confirmLive);
    const original = await challengeOf(tx, input.id);
    const id = await freeChallengeId(tx, stemOf(original.id), year.year);
    const now = ctx.now();
    const headline = original.headline.slice(0, HEADLINE_MAX - COPY_SUFFIX.length) + COPY_SUFFIX;
    await repo.shiftPositions(tx, year.id, original.position + 1);
    const { createdAt: _c, updatedAt: _u, withdrawnAt: _w, withdrawnReason: _r, ...fields } = original;
    const row: NewChallengeRow = {
      ...fields,
      id,
      headline,
      position: original.position + 1,
      rightAnswer: null,
      createdAt: now,
      updatedAt: now,
    };
    await repo.insertChallenges(tx, [row]);
    const order = (await repo.listChallengesOfYear(tx, year.id)).map((c) => c.id);
    await audit(tx, input.actor, now, {
      action: SEASON_ACTIONS.challengeDuplicate,
      ...challengeSubject(id),
      details: { yearId: year.id, live, from: original.id, before: null, after: challengeRecord(row, order.indexOf(id) + 1) },
    });
    return { id, yearId: year.id };
  });
  await announce(ctx, [topics.content]);
  return { id, season: await getSeason({ ctx, input: { yearId } }) };
}

/**
 * DELETE /api/operator/season-challenges/{id} (admin): only while it has no entry of any state (and
 * no published results); else 409 `ChallengeHasEntries`: withdraw it instead. Its notifications
 * that have not gone out are deleted with it.
 */
export async function removeChallenge({
  ctx,
  input,
}: ServiceCall<Ctx, { id: string; body: SeasonChallengeRemoveInput; actor: Actor }>): Promise<AdminSeasonDto> {
  const first = await challengeOf(ctx.db, input.id);
  await ctx.db.transaction(async (tx) => {
    const { year, live } = await lockedSeason(tx, first.yearId);
    // Locked before counting: an entry being sent now (its insert holds a key lock on the row) is
    // counted once it commits, and none comes in after the count.
    const row = await repo.lockChallenge(tx, input.id);
    if (!row) throw new NotFoundError(MESSAGES.challengeNotFound);
    const entries = (await repo.entryCounts(tx, [row.id])).get(row.id) ?? 0;
    if (entries > 0) throw new CodedError(409, 'ChallengeHasEntries', MESSAGES.hasEntries(entries));
    if ((await repo.challengesWithPublishedResults(tx, [row.id])).size)
      throw new CodedError(409, 'ChallengeHasEntries', MESSAGES.hasResults);
    requireConfirmation(live, input.body.confirmLive);
    const position = (await repo.listChallengesOfYear(tx, year.id)).findIndex((c) => c.id === row.id) + 1;
    const unsent = await repo.deleteUnsentNotifications(tx, row.id);
    await repo.deleteChallenge(tx, row.id);
    const now = ctx.now();
    await audit(tx, input.actor, now, {
      action: SEASON_ACTIONS.challengeRemove,
      ...challengeSubject(row.id),
      reason: input.body.reason,
      details: { yearId: year.id, live, before: challengeRecord(row, position), after: null, unsentNotificationsDeleted: unsent },
    });
  });
  await announce(ctx, [topics.content, topics.entries(input.id)]);
  return getSeason({ ctx, input: { yearId: first.yearId } });
}

/**
 * Withdraws or restores challenge `input.id` (`withdrawn`: the state it ends in). Where it is so
 * already, nothing changes; else, while its season is locked, `change` writes the change and answers
 * when and what it was before and after, and the audit row (with the input's reason) is written.
 */
async function setWithdrawn(
  ctx: Ctx,
  input: { id: string; body: { reason: string }; actor: Actor },
  withdrawn: boolean,
  change: (
    tx: Ctx['db'],
    row: ChallengeRow,
    season: { year: YearRow; live: boolean },
  ) => Promise<{ at: Date; before: unknown; after: unknown }>,
): Promise<AdminSeasonDto> {
  const { id } = input;
  const isSo = (row: ChallengeRow) => Boolean(row.withdrawnAt) === withdrawn;
  const first = await challengeOf(ctx.db, id);
  if (isSo(first)) return getSeason({ ctx, input: { yearId: first.yearId } });
  const changed = await ctx.db.transaction(async (tx) => {
    const season = await lockedSeason(tx, first.yearId);
    const row = await challengeOf(tx, id);
    if (isSo(row)) return false;
    const { at, before, after } = await change(tx, row, season);
    await audit(tx, input.actor, at, {
      action: withdrawn ? SEASON_ACTIONS.challengeWithdraw : SEASON_ACTIONS.challengeRestore,
      ...challengeSubject(row.id),
      reason: input.body.reason,
      details: { yearId: season.year.id, live: season.live, before, after },
    });
    return true;
  });
  if (changed) await announce(ctx, [topics.content, topics.entries(id)]);
  return getSeason({ ctx, input: { yearId: first.yearId } });
}

/**
 * POST /api/operator/season-challenges/{id}/withdraw (admin): out of the public season (space data,
 * lists, numbering, planned mails), with a reason; its entries, votes and results stay. Already
 * withdrawn: nothing changes.
 */
export async function withdrawChallenge({
  ctx,
  input,
}: ServiceCall<Ctx, { id: string; body: SeasonChallengeWithdrawInput; actor: Actor }>): Promise<AdminSeasonDto> {
  return setWithdrawn(ctx, input, true, async (tx, row, { live }) => {
    requireConfirmation(live, input.body.confirmLive);
    const now = ctx.now();
    await repo.updateChallenge(tx, row.id, {
      withdrawnAt: now,
      withdrawnReason: input.body.reason,
      updatedAt: nextVersion(now, row.updatedAt),
    });
    return { at: now, before: { withdrawn: null }, after: { withdrawn: { at: now.toISOString(), reason: input.body.reason } } };
  });
}

/** POST /api/operator/season-challenges/{id}/restore (admin): a withdrawn challenge back in its season. Not withdrawn: nothing changes. */
export async function restoreChallenge({
  ctx,
  input,
}: ServiceCall<Ctx, { id: string; body: SeasonReasonInput; actor: Actor }>): Promise<AdminSeasonDto> {
  // Putting one back changes the live numbering too, but undoes a confirmed withdrawal: no second confirmation.
  return setWithdrawn(ctx, input, false, async (tx, row) => {
    const now = ctx.now();
    await repo.updateChallenge(tx, row.id, { withdrawnAt: null, withdrawnReason: null, updatedAt: nextVersion(now, row.updatedAt) });
    return {
      at: now,
      before: { withdrawn: { at: row.withdrawnAt!.toISOString(), reason: row.withdrawnReason } },
      after: { withdrawn: null },
    };
  });
}

/**
 * PUT /api/operator/seasons/{yearId}/order (admin): the season's challenges in a new order (`ids`:
 * every challenge of the season, withdrawn ones too, exactly once); positions become 1..n.
 */
export async function reorderChallenges({
  ctx,
  input,
}: ServiceCall<Ctx, { yearId: string; body: SeasonChallengeOrderInput; actor: Actor }>): Promise<AdminSeasonDto> {
  const { ids } = input.body;
  const changed = await ctx.db.transaction(async (tx) => {
    const { year, live } = await lockedSeason(tx, input.yearId);
    const rows = await repo.listChallengesOfYear(tx, year.id);
    const before = rows.map((c) => c.id);
    if (ids.length !== before.length || new Set(ids).size !== ids.length || ids.some((id) => !before.includes(id))) {
      throw new ValidationError(MESSAGES.orderIds, { field: 'ids' });
    }
    if (ids.every((id, i) => before[i] === id)) return false;
    requireConfirmation(live, input.body.confirmLive);
    const now = ctx.now();
    // The position is no field of the challenge form: its `updatedAt` (the form's version) stays.
    for (const [i, id] of ids.entries()) {
      if (rows.find((c) => c.id === id)!.position !== i + 1) await repo.updateChallenge(tx, id, { position: i + 1 });
    }
    await audit(tx, input.actor, now, {
      action: SEASON_ACTIONS.challengeOrder,
      subjectType: 'year',
      subjectId: year.id,
      reason: input.body.reason ?? null,
      details: { live, before, after: ids },
    });
    return true;
  });
  if (changed) await announce(ctx, [topics.content]);
  return getSeason({ ctx, input: { yearId: input.yearId } });
}
