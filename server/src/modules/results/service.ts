import { createHash } from 'node:crypto';
import { z } from 'zod';
import {
  publishResultInputSchema,
  RESULT_INPUT_MESSAGES,
  resultErrorCodeSchema,
  rightAnswerInputSchema,
} from '@erd/shared-contracts/schemas';
import {
  isVoteChallenge,
  thumbnailUrl,
  berlinToday,
  challengeTimeState,
  type ChallengeResultRulesDto,
  type OverallResultRulesDto,
  type PublicationDto,
  type PublishResultDto,
  type ResultAuditAction,
  type ResultAuditPageDto,
  type ResultChallengeDto,
  type ResultOverviewDto,
  type ResultPreviewDto,
  type ResultVersionDto,
  type StandingRowDto,
} from '@erd/shared-contracts/wire';
import type { AppContext, ServiceCall } from '../../context.js';
import type { Db } from '../../db/client.js';
import type { ChallengeRow, PublishedResultKind, ResultVersionRow } from '../../db/schema/index.js';
import { CodedError, NotFoundError, ValidationError } from '../../errors.js';
import { checkedOrAnswer } from '../../http/zod.js';
import { addDays } from '../../lib/dates.js';
import { stableStringify } from '../../lib/stable-json.js';
import { announce, topics, type ChangeFeed } from '../cache/changes.js';
import { toChallengeDto } from '../content/mappers.js';
import { actorFields, appendChallengeAudit } from '../audit/service.js';
import { reasonOf, type Actor } from '../moderation/service.js';
import { notifyResultsPublished } from '../notifications/triggers/results.js';
import * as repo from './repository.js';
import { rankingOf, scoreChallenge, sumOverall, type ScoringEntry } from './scoring.js';

/**
 * The season's outcome (decisions §6): an operator previews a finished challenge's table, records
 * the right answer where the ranking needs one, and publishes. Publishing freezes a version (rows,
 * rules, who, when, why) of the challenge's file and a new version of the year's overall table in
 * one transaction; the public reads only frozen files. A correction is a new version with a
 * mandatory reason; every version stays readable for operators; every answer change and
 * publication is a row of the audit log.
 */

/** `jobs`: the results mails are queued with a publication (the command line has no queue: none are). */
type Ctx = Pick<AppContext, 'db' | 'now' | 'log'> & Partial<Pick<AppContext, 'jobs'>> & { changes?: ChangeFeed | null };

const MESSAGES = {
  notFound: 'Diese Challenge gibt es nicht.',
  yearNotFound: 'Diese Saison gibt es nicht.',
  noYear: 'Es ist keine Saison angelegt.',
  notEnded: (from: string) => `Die Challenge ist noch nicht zu Ende: Ergebnisse können ab dem ${germanDate(from)} veröffentlicht werden.`,
  answerMissing: 'Trage zuerst die richtige Antwort ein.',
  noAnswerForVotes: 'Diese Challenge wird nach Stimmen gewertet und hat keine richtige Antwort.',
  rankingOnlyGoals: 'Die Wertung lässt sich nur bei Tor-Challenges umstellen.',
  answerReason: RESULT_INPUT_MESSAGES.answerReason,
  correctionReason: RESULT_INPUT_MESSAGES.correctionReason,
  versionConflict: 'Inzwischen wurde eine andere Version veröffentlicht. Lade die Vorschau neu und prüfe sie.',
  unchanged: 'Das Ergebnis ist unverändert: es gibt nichts zu korrigieren.',
} as const;

function germanDate(isoDate: string): string {
  const [y, m, d] = isoDate.split('-');
  return `${d}.${m}.${y}`;
}

/** The file's exact bytes and its entity tag. */
export function serializeRows(rows: StandingRowDto[]): { body: string; etag: string } {
  const body = JSON.stringify(rows);
  return { body, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"` };
}

// ---------------------------------------------------------------------------------------------
// Challenge facts

/** The first day on which a challenge counts as ended (vote types: after the voting window). */
function publishableFrom(row: ChallengeRow): string {
  const dto = toChallengeDto(row);
  const end = isVoteChallenge(dto) && dto.fields.endDateVoting < dto.fields.endDate ? dto.fields.endDateVoting : dto.fields.endDate;
  return addDays(end, 1);
}

function needsAnswer(row: ChallengeRow): boolean {
  return rankingOf(row.objectTypeId, row.scoring) === 'closest';
}

function toPublication(row: Pick<ResultVersionRow, 'version' | 'publishedAt' | 'actor' | 'reason'>): PublicationDto {
  return { version: row.version, publishedAt: row.publishedAt.toISOString(), publishedBy: row.actor, reason: row.reason };
}

function toVersionDto(row: ResultVersionRow): ResultVersionDto {
  return { ...toPublication(row), kind: row.kind, key: row.key, etag: row.etag, rules: row.rules, rows: row.rows };
}

function describeChallenge(
  row: ChallengeRow,
  number: number,
  today: string,
  participants: number,
  published: PublicationDto | null,
): ResultChallengeDto {
  return {
    challengeId: row.id,
    yearId: row.yearId,
    number,
    headline: row.headline,
    objectTypeId: row.objectTypeId,
    timeState: challengeTimeState(toChallengeDto(row), today),
    ended: challengeTimeState(toChallengeDto(row), today) === 'finished',
    publishableFrom: publishableFrom(row),
    ranking: rankingOf(row.objectTypeId, row.scoring),
    rightAnswer: row.rightAnswer,
    needsAnswer: needsAnswer(row),
    participants,
    published,
  };
}

/** The picture of a result row: the 640 px rendition, or the original. */
function pictureOf(image: repo.EntryToScore['image']): string | null {
  if (!image) return null;
  return thumbnailUrl(image, 'w640') || null;
}

interface ComputedTable {
  rows: StandingRowDto[];
  rules: ChallengeResultRulesDto;
}

/** The table of a challenge as it would be published now (throws 409 AnswerMissing where the answer is needed). */
async function computeTable(db: Db, challenge: ChallengeRow, number: number): Promise<ComputedTable> {
  const ranking = rankingOf(challenge.objectTypeId, challenge.scoring);
  if (ranking === 'closest' && challenge.rightAnswer === null)
    throw new CodedError(409, resultErrorCodeSchema.enum.AnswerMissing, MESSAGES.answerMissing);
  const entries: ScoringEntry[] = (await repo.listEntriesToScore(db, challenge.id)).map((e) => ({
    participationId: e.participationId,
    club: repo.toStandingClub(e.club),
    estimate: e.estimate,
    votes: e.votes,
    slogan: e.slogan,
    picture: pictureOf(e.image),
  }));
  const rows = scoreChallenge(
    {
      objectTypeId: challenge.objectTypeId,
      ranking,
      rightAnswer: challenge.rightAnswer,
      points: challenge.points,
      challengeNumber: number,
    },
    entries,
  );
  return { rows, rules: rulesOf(challenge, number, rows.length) };
}

function rulesOf(challenge: ChallengeRow, number: number, participants: number): ChallengeResultRulesDto {
  const ranking = rankingOf(challenge.objectTypeId, challenge.scoring);
  return {
    kind: 'challenge',
    challengeId: challenge.id,
    yearId: challenge.yearId,
    objectTypeId: challenge.objectTypeId,
    challengeNumber: number,
    ranking,
    rightAnswer: ranking === 'votes' ? null : challenge.rightAnswer,
    points: challenge.points,
    participants,
    endedOn: addDays(publishableFrom(challenge), -1),
  };
}

/**
 * The challenge, its #n and the year's challenges (404 for an unknown id). A withdrawn challenge
 * (issue 26) is not in the public season: the others' #n and the overall table leave it out.
 */
async function loadChallenge(db: Db, challengeId: string): Promise<{ challenge: ChallengeRow; number: number; ofYear: ChallengeRow[] }> {
  const challenge = await repo.findChallenge(db, challengeId);
  if (!challenge) throw new NotFoundError(MESSAGES.notFound);
  const all = await repo.listChallengesOfYear(db, challenge.yearId);
  const numbered = all.filter((c) => c.withdrawnAt === null || c.id === challenge.id);
  return { challenge, number: numbered.findIndex((c) => c.id === challenge.id) + 1, ofYear: all.filter((c) => c.withdrawnAt === null) };
}

const sameTable = (
  a: { rows: StandingRowDto[]; rules: ChallengeResultRulesDto },
  b: { rows: StandingRowDto[]; rules: ChallengeResultRulesDto },
) => stableStringify([a.rows, { ...a.rules, endedOn: null }]) === stableStringify([b.rows, { ...b.rules, endedOn: null }]);

// ---------------------------------------------------------------------------------------------
// Operator reads

/** GET /api/operator/results: every challenge of the year (default: the one the site shows) and its results state. */
export async function getResultsOverview({ ctx, input }: { ctx: Ctx; input: { yearId?: string } }): Promise<ResultOverviewDto> {
  const yearId = input.yearId ?? (await repo.findCurrentYearId(ctx.db));
  if (!yearId) throw new NotFoundError(MESSAGES.noYear);
  if (!(await repo.resultSubjectExists(ctx.db, 'overall', yearId))) throw new NotFoundError(MESSAGES.yearNotFound);
  // A withdrawn challenge (issue 26) is not in the season: not listed, not counted in the #n.
  const ofYear = (await repo.listChallengesOfYear(ctx.db, yearId)).filter((c) => c.withdrawnAt === null);
  const participants = await repo.countParticipants(
    ctx.db,
    ofYear.map((c) => c.id),
  );
  const published = new Map((await repo.listPublishedOfYear(ctx.db, yearId, 'challenge')).map((p) => [p.key, p]));
  const today = berlinToday(ctx.now());
  const challenges = await Promise.all(
    ofYear.map(async (c, index) => {
      const current = published.has(c.id) ? await repo.findCurrentVersion(ctx.db, 'challenge', c.id) : undefined;
      return describeChallenge(c, index + 1, today, participants.get(c.id) ?? 0, current ? toPublication(current) : null);
    }),
  );
  const overall = await repo.findCurrentVersion(ctx.db, 'overall', yearId);
  return { yearId, challenges, overall: overall ? toPublication(overall) : null };
}

/** GET …/challenges/{id}/preview: the table as publishing now would freeze it, and whether that is allowed. */
export async function previewChallengeResults({ ctx, input }: { ctx: Ctx; input: { challengeId: string } }): Promise<ResultPreviewDto> {
  const { challenge, number } = await loadChallenge(ctx.db, input.challengeId);
  const today = berlinToday(ctx.now());
  const current = await repo.findCurrentVersion(ctx.db, 'challenge', challenge.id);
  const participants = (await repo.countParticipants(ctx.db, [challenge.id])).get(challenge.id) ?? 0;
  const info = describeChallenge(challenge, number, today, participants, current ? toPublication(current) : null);
  const blockers: string[] = [];
  if (!info.ended) blockers.push(MESSAGES.notEnded(info.publishableFrom));
  let table: ComputedTable;
  try {
    table = await computeTable(ctx.db, challenge, number);
  } catch (error) {
    if (!(error instanceof CodedError) || error.code !== resultErrorCodeSchema.enum.AnswerMissing) throw error;
    blockers.push(MESSAGES.answerMissing);
    table = { rows: [], rules: rulesOf(challenge, number, 0) };
  }
  const changed = current ? !sameTable(table, { rows: current.rows, rules: current.rules as ChallengeResultRulesDto }) : false;
  if (current && !changed && blockers.length === 0) blockers.push(MESSAGES.unchanged);
  return {
    ...info,
    rules: table.rules,
    rows: table.rows,
    canPublish: blockers.length === 0,
    blockers,
    changed,
    currentVersion: current?.version ?? 0,
  };
}

/** GET …/challenges/{id}/versions or …/years/{id}/versions: every version, newest first. */
export async function listResultVersions({
  ctx,
  input,
}: ServiceCall<Ctx, { kind: PublishedResultKind; key: string }>): Promise<{ items: ResultVersionDto[] }> {
  if (!(await repo.resultSubjectExists(ctx.db, input.kind, input.key))) {
    throw new NotFoundError(input.kind === 'overall' ? MESSAGES.yearNotFound : MESSAGES.notFound);
  }
  return { items: (await repo.listVersions(ctx.db, input.kind, input.key)).map(toVersionDto) };
}

export async function listResultAudit({
  ctx,
  input,
}: ServiceCall<Ctx, { challengeId?: string; from?: number; size?: number }>): Promise<ResultAuditPageDto> {
  const from = input.from ?? 0;
  const size = Math.min(input.size ?? 50, 200);
  const { rows, total } = await repo.listAudit(ctx.db, { challengeId: input.challengeId || undefined, from, size });
  return {
    items: rows.map((r) => ({
      id: r.id,
      action: r.action as ResultAuditAction,
      challengeId: r.challengeId,
      actor: r.actor,
      reason: r.reason,
      details: r.details,
      at: r.at.toISOString(),
    })),
    total,
  };
}

// ---------------------------------------------------------------------------------------------
// Operator writes

type RightAnswerBody = z.output<typeof rightAnswerInputSchema>;
type PublishResultBody = z.output<typeof publishResultInputSchema>;

/** A body as a caller outside HTTP has it (the command line's strings), checked by the same schema. */
type UncheckedBody<T> = { [K in keyof T]?: unknown };

const zodGerman = z.locales.de().localeError;

/** Refused input: the module's own German message at its field (no `field: ` prefix), over HTTP and on the command line alike. */
export function resultInputError(error: z.ZodError): ValidationError {
  const issue = error.issues[0]!;
  return new ValidationError(issue.message, { field: issue.path.map(String).join('.') });
}

function checked<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  return checkedOrAnswer(schema, value, resultInputError, zodGerman);
}

/**
 * PUT …/challenges/{id}/answer: the right answer (estimate, goals) and the goals ranking. Audited
 * with before and after. Before the first publication it may change freely; afterwards only with a
 * reason, and the public files keep the published version until the next publication.
 */
export async function recordRightAnswer({
  ctx,
  input,
}: ServiceCall<Ctx, { challengeId: string; body: RightAnswerBody; actor: Actor }>): Promise<ResultChallengeDto> {
  // The schema read the answer (1 to 9 digits, also as Germans write them: the entries' rule, issue 24) and the ranking; null clears the answer.
  const { body } = input;
  const { rightAnswer, ranking } = body;

  let changed = false;
  const described = await ctx.db.transaction(async (tx) => {
    const found = await repo.findChallenge(tx, input.challengeId);
    if (!found) throw new NotFoundError(MESSAGES.notFound);
    await repo.lockYear(tx, found.yearId);
    const { challenge, number } = await loadChallenge(tx, input.challengeId);
    const isVote = rankingOf(challenge.objectTypeId, null) === 'votes';
    if (isVote) throw new ValidationError(MESSAGES.noAnswerForVotes, { field: 'rightAnswer' });
    if (ranking !== undefined && challenge.objectTypeId !== 'bfv-erd-goals')
      throw new ValidationError(MESSAGES.rankingOnlyGoals, { field: 'ranking' });
    const current = await repo.findCurrentVersion(tx, 'challenge', challenge.id);
    const reason = reasonOf(body.reason, current !== undefined, MESSAGES.answerReason);

    const before = { rightAnswer: challenge.rightAnswer, ranking: rankingOf(challenge.objectTypeId, challenge.scoring) };
    const next = {
      rightAnswer: rightAnswer === undefined ? challenge.rightAnswer : rightAnswer,
      scoring: ranking ?? challenge.scoring,
    };
    const now = ctx.now();
    if (next.rightAnswer !== challenge.rightAnswer || next.scoring !== challenge.scoring) {
      await repo.updateChallengeAnswer(tx, challenge.id, { ...next, updatedAt: now });
      changed = true;
      await appendChallengeAudit(tx, {
        action: 'results-answer',
        ...actorFields(input.actor),
        challengeId: challenge.id,
        reason,
        details: {
          before,
          after: { rightAnswer: next.rightAnswer, ranking: rankingOf(challenge.objectTypeId, next.scoring) },
          publishedVersion: current?.version ?? null,
        },
        at: now,
      });
      ctx.log.info({ challenge: challenge.id, actor: input.actor.name }, 'right answer recorded');
    }
    const participants = (await repo.countParticipants(tx, [challenge.id])).get(challenge.id) ?? 0;
    const updated = { ...challenge, rightAnswer: next.rightAnswer, scoring: next.scoring };
    return describeChallenge(updated, number, berlinToday(now), participants, current ? toPublication(current) : null);
  });
  // The challenge's `updatedAt` is public (space data).
  if (changed) await announce(ctx, [topics.content]);
  return described;
}

/**
 * POST …/challenges/{id}/publish: freezes the challenge's table as a new version and the year's
 * overall table with it, in one transaction under the year's lock. `expectedVersion` must be the
 * current version (0 before the first): of two operators publishing at once, one gets 409
 * `VersionConflict` and nothing of theirs is written. Refused (409) before the challenge has ended
 * (vote types: the voting window) and without a needed right answer; a correction needs a reason
 * and must change something.
 */
export async function publishResults({
  ctx,
  input,
}: ServiceCall<Ctx, { challengeId: string; body: PublishResultBody; actor: Actor }>): Promise<PublishResultDto> {
  const { body } = input;
  const { expectedVersion } = body;
  const reason = reasonOf(body.reason, expectedVersion > 0, MESSAGES.correctionReason);

  let yearId = '';
  const result = await ctx.db.transaction(async (tx) => {
    const found = await repo.findChallenge(tx, input.challengeId);
    if (!found) throw new NotFoundError(MESSAGES.notFound);
    yearId = found.yearId;
    await repo.lockYear(tx, found.yearId);
    const { challenge, number, ofYear } = await loadChallenge(tx, input.challengeId);
    const now = ctx.now();
    const today = berlinToday(now);
    if (challengeTimeState(toChallengeDto(challenge), today) !== 'finished') {
      throw new CodedError(409, resultErrorCodeSchema.enum.NotEnded, MESSAGES.notEnded(publishableFrom(challenge)));
    }
    const current = await repo.findCurrentVersion(tx, 'challenge', challenge.id);
    if ((current?.version ?? 0) !== expectedVersion) {
      throw new CodedError(409, resultErrorCodeSchema.enum.VersionConflict, MESSAGES.versionConflict, {
        currentVersion: current?.version ?? 0,
      });
    }
    const table = await computeTable(tx, challenge, number);
    if (current && sameTable(table, { rows: current.rows, rules: current.rules as ChallengeResultRulesDto })) {
      throw new CodedError(409, resultErrorCodeSchema.enum.Unchanged, MESSAGES.unchanged);
    }
    const version = expectedVersion + 1;
    const file = serializeRows(table.rows);
    const versionRow = {
      kind: 'challenge' as const,
      key: challenge.id,
      yearId: challenge.yearId,
      version,
      rows: table.rows,
      rules: table.rules,
      etag: file.etag,
      reason,
      ...actorFields(input.actor),
      publishedAt: now,
    };
    await repo.insertVersion(tx, { ...versionRow, body: file.body });

    // The overall table sums the current version of every published challenge of the year, in the year's order.
    const published = new Map((await repo.listPublishedOfYear(tx, challenge.yearId, 'challenge')).map((p) => [p.key, p]));
    const tables = ofYear.flatMap((c) => {
      const p = published.get(c.id);
      return p ? [{ challengeId: c.id, version: p.version, rows: p.rows }] : [];
    });
    const clubIds = [...new Set(tables.flatMap((t) => t.rows.map((r) => r.club._id)))];
    const currentClubs = await repo.findClubs(tx, clubIds);
    const overallRows = sumOverall(
      tables.map((t) => t.rows),
      (id) => currentClubs.get(id),
    );
    const overallRules: OverallResultRulesDto = {
      kind: 'overall',
      yearId: challenge.yearId,
      challenges: tables.map(({ challengeId, version: v }) => ({ challengeId, version: v })),
    };
    const previousOverallVersion = await repo.findCurrentVersionNumber(tx, 'overall', challenge.yearId);
    const overallFile = serializeRows(overallRows);
    const overallRow = {
      kind: 'overall' as const,
      key: challenge.yearId,
      yearId: challenge.yearId,
      version: previousOverallVersion + 1,
      rows: overallRows,
      rules: overallRules,
      etag: overallFile.etag,
      reason: `#${number} ${challenge.headline}: Version ${version}${reason ? ` (${reason})` : ''}`,
      ...actorFields(input.actor),
      publishedAt: now,
    };
    await repo.insertVersion(tx, { ...overallRow, body: overallFile.body });
    // Each club of the table is told its place (a correction: each whose place changed), issue 25.
    await notifyResultsPublished(ctx, tx, {
      challengeId: challenge.id,
      yearId: challenge.yearId,
      version,
      rows: table.rows,
      previousRows: current?.rows ?? null,
      overallVersion: overallRow.version,
      overallRows,
    });

    await appendChallengeAudit(tx, {
      action: 'results-publish',
      ...actorFields(input.actor),
      challengeId: challenge.id,
      reason,
      details: {
        version,
        previousVersion: current?.version ?? null,
        overallVersion: overallRow.version,
        ranking: table.rules.ranking,
        rightAnswer: table.rules.rightAnswer,
        participants: table.rows.length,
        etag: file.etag,
      },
      at: now,
    });
    return {
      challenge: toVersionDto({ id: 0, ...versionRow }),
      overall: toPublication(overallRow),
    };
  });
  // The space data says which challenges' results are published (`resultsPublished`, issue 24): `content` too.
  await announce(ctx, [topics.result('challenge', result.challenge.key), topics.result('overall', yearId), topics.content]);
  ctx.log.info({ challenge: input.challengeId, version: result.challenge.version, actor: input.actor.name }, 'results published');
  return result;
}

/** `recordRightAnswer` for the command line and scripts: the body checked by the contracts' schema first (the HTTP route's answers). */
export async function setRightAnswer({
  ctx,
  input,
}: ServiceCall<Ctx, { challengeId: string; body: UncheckedBody<RightAnswerBody>; actor: Actor }>): Promise<ResultChallengeDto> {
  return recordRightAnswer({ ctx, input: { ...input, body: checked(rightAnswerInputSchema, input.body) } });
}

/** `publishResults` for the command line and scripts: the body checked by the contracts' schema first (the HTTP route's answers). */
export async function publishChallengeResults({
  ctx,
  input,
}: ServiceCall<Ctx, { challengeId: string; body: UncheckedBody<PublishResultBody>; actor: Actor }>): Promise<PublishResultDto> {
  return publishResults({ ctx, input: { ...input, body: checked(publishResultInputSchema, input.body) } });
}
