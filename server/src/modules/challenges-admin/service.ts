import type { z } from 'zod';
import { challengeAdminErrorCodeSchema, type patchChallengeInputSchema } from '@erd/shared-contracts/schemas';
import { challengeTimeState, DEFAULT_POINTS_TABLE } from '@erd/shared-contracts/wire';
import type { AppContext, ServiceCall } from '../../context.js';
import {
  CHALLENGE_DATE_FIELDS,
  type AdminChallengeDto,
  type AdminChallengeSummaryDto,
  type ChallengePhase,
  OPERATOR_REASON_MAX_LENGTH,
  OPERATOR_REASON_MIN_LENGTH,
} from '@erd/shared-contracts/backoffice';
import type { ChallengeRow, NewChallengeRow } from '../../db/schema/index.js';
import { CodedError, ConflictError, NotFoundError, ValidationError } from '../../errors.js';
import { berlinToday } from '../../lib/dates.js';
import { actorFields, appendAudit, reasonOf, type Actor } from '../audit/service.js';
import { toChallengeDto } from '../content/mappers.js';
import { findSite } from '../content/service.js';
import { challengeDateProblems, dateProblemForPeople, type ResolvedDates } from '../season/service.js';
import type { AuditAction } from '@erd/shared-contracts/backoffice';
import { announcing, topics } from '../cache/changes.js';
import * as repo from './repository.js';

/**
 * Challenges in the back office (issue 8): both roles read the current year's challenges with
 * their phase and every editable field; admins change texts, images, dates, the points table and
 * the goals ranking. Dates and points follow the season format's rules (the same checks as the
 * import); changing the dates of a running challenge needs a confirmation and a reason; a save
 * names the `updatedAt` it started from, so two admins cannot overwrite each other; every change
 * is one audit row with before and after. Right answers and publishing stay with the results API.
 */

type Ctx = Pick<AppContext, 'db' | 'now'>;

export const CHALLENGE_UPDATE_ACTION = 'challenge-update' as AuditAction;

// The answers' shapes are the contracts' (`@erd/shared-contracts/backoffice`, challenges-admin.ts).
export type { AdminChallengeDto, AdminChallengeSummaryDto, ChallengePhase } from '@erd/shared-contracts/backoffice';

export const MESSAGES = {
  notFound: 'Diese Challenge gibt es nicht.',
  noYear: 'Es ist keine Saison angelegt.',
  stale: 'Inzwischen hat jemand anderes diese Challenge geändert. Lade sie neu und prüfe deine Änderungen.',
  running: 'Die Challenge läuft gerade: bestätige die Änderung der Termine und gib einen Grund an.',
  runningReason: `Gib einen Grund für die Terminänderung an (${OPERATOR_REASON_MIN_LENGTH} bis ${OPERATOR_REASON_MAX_LENGTH} Zeichen).`,
  scoringOnlyGoals: 'Die Wertung lässt sich nur bei Tor-Challenges umstellen.',
  scoringPublished: 'Die Ergebnisse sind veröffentlicht: die Wertung änderst du unter „Ergebnisse“ (mit Grund).',
  nothing: 'Es gibt keine Änderung zu speichern.',
} as const;

function phaseOf(row: ChallengeRow, today: string): ChallengePhase {
  const state = challengeTimeState(toChallengeDto(row), today);
  return state === 'upcoming' ? 'before' : state === 'finished' ? 'ended' : state === 'vote' ? 'voting' : 'submission';
}

function summary(
  row: ChallengeRow,
  number: number,
  today: string,
  counts?: { entries: number; pending: number },
): AdminChallengeSummaryDto {
  return {
    id: row.id,
    number,
    headline: row.headline,
    type: row.objectTypeId,
    phase: phaseOf(row, today),
    startDate: row.startDate,
    endDate: row.endDate,
    startDateSubmission: row.startDateSubmission,
    endDateSubmission: row.endDateSubmission,
    startDateVoting: row.startDateVoting,
    endDateVoting: row.endDateVoting,
    entries: counts?.entries ?? 0,
    pending: counts?.pending ?? 0,
  };
}

/** GET /api/operator/challenges: the current year's challenges in their order. */
export async function listAdminChallenges({
  ctx,
}: {
  ctx: Ctx;
}): Promise<{ yearId: string; today: string; items: AdminChallengeSummaryDto[] }> {
  const site = await findSite(ctx.db);
  if (!site?.currentYearId) throw new NotFoundError(MESSAGES.noYear);
  const yearId = site.currentYearId;
  const rows = await repo.listChallengesOfYear(ctx.db, yearId);
  const counts = await repo.entryCounts(
    ctx.db,
    rows.map((r) => r.id),
  );
  const today = berlinToday(ctx.now());
  return { yearId, today, items: rows.map((row, i) => summary(row, i + 1, today, counts.get(row.id))) };
}

async function detail(ctx: Ctx, row: ChallengeRow): Promise<AdminChallengeDto> {
  const today = berlinToday(ctx.now());
  const siblings = await repo.listChallengesOfYear(ctx.db, row.yearId);
  const counts = await repo.entryCounts(ctx.db, [row.id]);
  return {
    ...summary(row, siblings.findIndex((c) => c.id === row.id) + 1, today, counts.get(row.id)),
    yearId: row.yearId,
    teasertitle: row.teasertitle,
    teasertext: row.teasertext,
    question: row.question,
    footnote: row.footnote,
    teaserImage: row.teaserImage ?? null,
    prizes: row.prizes ?? null,
    points: row.points,
    rightAnswer: row.rightAnswer,
    scoring: row.scoring,
    resultsDate: row.resultsDate,
    running: row.startDate <= today && today <= row.endDate,
    published: await repo.hasPublishedResults(ctx.db, row.id),
    updatedAt: row.updatedAt.toISOString(),
    defaultPoints: DEFAULT_POINTS_TABLE,
  };
}

/** GET /api/operator/challenges/:id */
export async function getAdminChallenge({ ctx, input }: { ctx: Ctx; input: { id: string } }): Promise<AdminChallengeDto> {
  const row = await repo.findChallenge(ctx.db, input.id);
  if (!row) throw new NotFoundError(MESSAGES.notFound);
  return detail(ctx, row);
}

// ---------------------------------------------------------------------------------------------
// Changing

/** The change as the contracts' schema read it (`patchChallengeInputSchema`: German messages per field, the season format's points rules). */
export type PatchChallengeBody = z.output<typeof patchChallengeInputSchema>;

/** PATCH /api/operator/challenges/:id (admin). */
export async function updateAdminChallenge({
  ctx,
  input,
}: ServiceCall<Ctx, { id: string; body: PatchChallengeBody; actor: Actor }>): Promise<AdminChallengeDto> {
  const { body } = input;
  const today = berlinToday(ctx.now());

  // The space data shows it (modules/cache).
  const saved = await announcing(
    ctx,
    [topics.content],
    ctx.db.transaction(async (tx) => {
      const old = await repo.lockChallenge(tx, input.id);
      if (!old) throw new NotFoundError(MESSAGES.notFound);
      if (old.updatedAt.toISOString() !== body.expectedUpdatedAt) {
        throw new ConflictError(MESSAGES.stale, { updatedAt: old.updatedAt.toISOString() });
      }

      const next: Partial<NewChallengeRow> = {};
      if (body.headline !== undefined) next.headline = body.headline;
      for (const key of ['teasertitle', 'teasertext', 'question', 'footnote'] as const) {
        if (body[key] !== undefined) next[key] = body[key] === null || body[key].trim() === '' ? null : body[key];
      }
      if (body.teaserImage !== undefined) next.teaserImage = body.teaserImage;
      if (body.prizeImages !== undefined) {
        if (!old.prizes)
          throw new ValidationError('prizeImages: Diese Challenge hat keine Preise (sie kommen aus der Season-Datei).', {
            field: 'prizeImages',
          });
        next.prizes = { ...old.prizes, images: body.prizeImages };
      }
      if (body.points !== undefined) next.points = body.points;
      if (body.scoring !== undefined) {
        if (old.objectTypeId !== 'bfv-erd-goals') throw new ValidationError(MESSAGES.scoringOnlyGoals, { field: 'scoring' });
        if (body.scoring !== old.scoring && (await repo.hasPublishedResults(tx, old.id)))
          throw new ConflictError(MESSAGES.scoringPublished, { field: 'scoring' });
        next.scoring = body.scoring;
      }

      // Dates: the whole set after the change, checked as the season import checks it.
      const dates: ResolvedDates = {
        startDate: body.startDate ?? old.startDate,
        endDate: body.endDate ?? old.endDate,
        startDateSubmission: body.startDateSubmission ?? old.startDateSubmission ?? undefined,
        endDateSubmission: body.endDateSubmission ?? old.endDateSubmission ?? undefined,
        startDateVoting: body.startDateVoting ?? old.startDateVoting ?? undefined,
        endDateVoting: body.endDateVoting ?? old.endDateVoting ?? undefined,
        resultsDate: (body.resultsDate === undefined ? old.resultsDate : body.resultsDate) ?? undefined,
      };
      const datesChanged = CHALLENGE_DATE_FIELDS.filter((key) => body[key] !== undefined && body[key] !== old[key]);
      const resultsDateChanged = body.resultsDate !== undefined && body.resultsDate !== old.resultsDate;
      if (datesChanged.length || resultsDateChanged) {
        const problems = challengeDateProblems(old.objectTypeId, dates);
        if (problems.length) {
          const field =
            [...CHALLENGE_DATE_FIELDS, 'resultsDate' as const].find((key) => problems[0]!.startsWith(`${key} `)) ??
            datesChanged[0] ??
            'resultsDate';
          throw new ValidationError(problems.map(dateProblemForPeople).join('; '), {
            field,
            problems: problems.map((message) => ({ field, message: dateProblemForPeople(message) })),
          });
        }
        for (const key of datesChanged) next[key] = dates[key]!;
        // The day the results are expected is no date of the challenge's run: no confirmation needed while it runs.
        if (resultsDateChanged) next.resultsDate = body.resultsDate ?? null;
      }

      const running = old.startDate <= today && today <= old.endDate;
      let reason: string | null = null;
      if (datesChanged.length && running) {
        if (body.confirmRunning !== true)
          throw new CodedError(409, challengeAdminErrorCodeSchema.enum.ChallengeRunning, MESSAGES.running, { field: 'confirmRunning' });
        reason = reasonOf(body.reason, true, MESSAGES.runningReason);
      } else {
        reason = reasonOf(body.reason, false);
      }

      const changed = (Object.keys(next) as (keyof NewChallengeRow)[]).filter(
        (key) => JSON.stringify(next[key]) !== JSON.stringify(old[key] ?? null),
      );
      if (!changed.length) return old;
      const before = Object.fromEntries(changed.map((key) => [key, old[key] ?? null]));
      const after = Object.fromEntries(changed.map((key) => [key, next[key] ?? null]));
      const now = ctx.now();
      const row = await repo.updateChallenge(
        tx,
        old.id,
        Object.fromEntries([
          ...changed.map((key) => [key, next[key]]),
          ['updatedAt', new Date(Math.max(now.getTime(), old.updatedAt.getTime() + 1))],
        ]),
      );
      await appendAudit(tx, {
        action: CHALLENGE_UPDATE_ACTION,
        ...actorFields(input.actor),
        subjectType: 'challenge',
        subjectId: old.id,
        challengeId: old.id,
        reason,
        details: { before, after, fields: changed, running },
        at: now,
      });
      return row;
    }),
  );
  return detail(ctx, saved);
}
