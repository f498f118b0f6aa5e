import { eq, sql } from 'drizzle-orm';
import type { PointsRowDto } from '@erd/shared-contracts/wire';
import type { AppContext } from '../context.js';
import type { Db } from '../db/client.js';
import {
  challenges,
  clubs,
  participations,
  rateLimitCounters,
  site,
  votes,
  years,
  type ChallengeScoring,
  type NewParticipationRow,
  type NewYearRow,
  type YearTeasers,
} from '../db/schema/index.js';
import { normalizeSearch } from '../lib/text.js';
import { rateLimitSlot, type RateLimitRule, type RateLimitSlot } from '../modules/rate-limit/service.js';
import { DEFAULT_POINTS } from '../modules/season/schema.js';

/** Direct inserts for tests (the season import is tested on its own). */

const EMPTY_RICH_TEXT = { type: 'root' as const, children: [] };

/** A season's three teasers, each a headline without pictures. */
export function yearTeasers(headline = 'T'): YearTeasers {
  const teaser = { headline, images: [] };
  return { teaser1: teaser, teaser2: teaser, teaserPrizes: teaser };
}

/** A year's number (unique, issue 26) from the id's last four digits ('year-2025'), else 2026. */
const yearNumberOf = (yearId: string) => Number(/(\d{4})$/.exec(yearId)?.[1] ?? 2026);

/** A year row that is not made the current one (an ended season or a draft). */
export async function seedOtherYear(db: Db, yearId: string, row: Partial<NewYearRow> = {}): Promise<void> {
  await db.insert(years).values({ id: yearId, year: yearNumberOf(yearId), teasers: yearTeasers(), ...row });
}

/** A year row made the current one. */
export async function seedYear(db: Db, yearId = 'year-seed', year = yearNumberOf(yearId)): Promise<void> {
  await seedOtherYear(db, yearId, { year });
  await db
    .insert(site)
    .values({ id: 'site', currentYearId: yearId, terms: EMPTY_RICH_TEXT, dataProtection: EMPTY_RICH_TEXT, imprint: EMPTY_RICH_TEXT })
    .onConflictDoUpdate({ target: site.id, set: { currentYearId: yearId } });
}

export interface ChallengeDates {
  startDate: string;
  endDate: string;
  startDateSubmission: string;
  endDateSubmission: string;
  startDateVoting: string;
  endDateVoting: string;
}

/** The dates of a vote challenge: it runs from the submission's start to the voting's end. */
export function voteDates(submission: [string, string], voting: [string, string]): ChallengeDates {
  return {
    startDate: submission[0],
    endDate: voting[1],
    startDateSubmission: submission[0],
    endDateSubmission: submission[1],
    startDateVoting: voting[0],
    endDateVoting: voting[1],
  };
}

/** A vote challenge over by mid-June 2026: submission 1 to 15 May, voting 16 May to 10 June. */
export const MAY_VOTE_DATES: ChallengeDates = voteDates(['2026-05-01', '2026-05-15'], ['2026-05-16', '2026-06-10']);

/** A vote challenge through June 2026: submission 1 to 10 June, voting 11 to 30 June. */
export const JUNE_VOTE_DATES: ChallengeDates = voteDates(['2026-06-01', '2026-06-10'], ['2026-06-11', '2026-06-30']);

/** A vote challenge from 15 June 2026: submission to 1 July, voting 2 to 31 July. */
export const JULY_VOTE_DATES: ChallengeDates = voteDates(['2026-06-15', '2026-07-01'], ['2026-07-02', '2026-07-31']);

export async function seedChallenge(
  db: Db,
  input: {
    id: string;
    yearId?: string;
    position?: number;
    type?: 'bfv-erd-text-vote' | 'bfv-erd-picture-vote' | 'bfv-erd-estimate' | 'bfv-erd-goals';
    /** Overrides of the default dates (the whole of 2026; submission to June, voting from July). */
    dates?: Partial<ChallengeDates>;
    /** Estimate and goals: default 77. */
    rightAnswer?: number | null;
    scoring?: ChallengeScoring | null;
    points?: PointsRowDto[];
  },
): Promise<void> {
  const type = input.type ?? 'bfv-erd-text-vote';
  const vote = type === 'bfv-erd-text-vote' || type === 'bfv-erd-picture-vote';
  await db.insert(challenges).values({
    id: input.id,
    yearId: input.yearId ?? 'year-seed',
    position: input.position ?? 0,
    objectTypeId: type,
    headline: input.id,
    startDate: '2026-01-01',
    endDate: '2026-12-31',
    ...(vote
      ? {
          startDateSubmission: '2026-01-01',
          endDateSubmission: '2026-06-30',
          startDateVoting: '2026-07-01',
          endDateVoting: '2026-12-31',
        }
      : {
          rightAnswer: input.rightAnswer === undefined ? 77 : input.rightAnswer,
          scoring: input.scoring ?? (type === 'bfv-erd-goals' ? 'highest' : 'closest'),
        }),
    ...input.dates,
    points: input.points ?? DEFAULT_POINTS,
  });
}

export type ChallengeSeed = Parameters<typeof seedChallenge>[1];

/** Several challenges, inserted in the order given. */
export async function seedChallenges(db: Db, inputs: ChallengeSeed[]): Promise<void> {
  for (const input of inputs) await seedChallenge(db, input);
}

/**
 * The back office's seasons as of 15 June 2026: 2026 current, with an estimate that ended in May,
 * a slogan vote in its voting days (JUNE_VOTE_DATES), `goals` if asked a goals challenge running to
 * 20 June, a picture vote open for pictures (JULY_VOTE_DATES) and an estimate in August, positions
 * in that order; 2025 with one estimate challenge (`old`).
 */
export async function seedSeasonsInPhases(db: Db, options: { goals?: boolean } = {}): Promise<void> {
  await seedYear(db, 'year-2025');
  await seedYear(db, 'year-2026');
  const estimate = 'bfv-erd-estimate';
  const season2026: ChallengeSeed[] = [
    { id: 'est', type: estimate, dates: { startDate: '2026-05-01', endDate: '2026-05-31' } },
    { id: 'slogan', dates: JUNE_VOTE_DATES },
    ...(options.goals ? [{ id: 'goals', type: 'bfv-erd-goals' as const, dates: { startDate: '2026-06-01', endDate: '2026-06-20' } }] : []),
    { id: 'pics', type: 'bfv-erd-picture-vote', dates: JULY_VOTE_DATES },
    { id: 'later', type: estimate, dates: { startDate: '2026-08-01', endDate: '2026-08-31' } },
  ];
  await seedChallenges(db, [
    ...season2026.map((challenge, position) => ({ ...challenge, yearId: 'year-2026', position })),
    { id: 'old', yearId: 'year-2025', position: 0, type: estimate, dates: { startDate: '2025-05-01', endDate: '2025-05-31' } },
  ]);
}

/** `count` clubs with numbered names, ids `club-<n>-<team>`. */
export async function seedClubs(db: Db, count: number): Promise<void> {
  const rows = Array.from({ length: count }, (_, i) => {
    const clubnumber = String(1000 + Math.floor(i / 2));
    const team = i % 2 === 0 ? ('m' as const) : ('w' as const);
    const clubname = `Verein ${String(Math.floor(i / 2)).padStart(4, '0')}`;
    return { id: `club-${clubnumber}-${team}`, clubnumber, clubname, team, search: normalizeSearch(`${clubname} ${clubnumber}`) };
  });
  for (let i = 0; i < rows.length; i += 200) await db.insert(clubs).values(rows.slice(i, i + 200));
}

/** An entry waiting for moderation: pending, not published. */
export const PENDING = { state: 'pending', publishedAt: null } as const;

type EntryRow = Partial<NewParticipationRow> & { id: string; challengeId: string; clubId: string };

export async function seedParticipation(db: Db, row: EntryRow) {
  await db.insert(participations).values({
    objectTypeId: 'bfv-erd-text-participation',
    slogan: `Spruch ${row.id}`,
    state: 'published',
    ...row,
  });
}

/** An entry of an estimate challenge: its number, no slogan. */
export async function seedEstimateEntry(db: Db, row: EntryRow & { estimate: number }) {
  await seedParticipation(db, { objectTypeId: 'bfv-erd-estimate-participation', slogan: null, ...row });
}

/** An entry of a picture challenge: no slogan. */
export async function seedPictureEntry(db: Db, row: EntryRow) {
  await seedParticipation(db, { objectTypeId: 'bfv-erd-picture-participation', slogan: null, ...row });
}

/** `count` vote records for an entry (`removed`: taken out of the count by an operator), with the entry's count kept in step. */
export async function seedVotes(db: Db, participationId: string, challengeId: string, count: number, options: { removed?: boolean } = {}) {
  if (count <= 0) return;
  const removed = options.removed ?? false;
  const rows = Array.from({ length: count }, (_, i) => ({
    participationId,
    challengeId,
    voterId: `seed-${participationId}-${removed ? 'r' : 'c'}-${i}-${Math.random().toString(36).slice(2)}`,
    ipHash: 'seed',
    ...(removed ? { removedAt: new Date('2026-05-20T10:00:00Z'), removedBy: 'seed', removalReason: 'Seed' } : {}),
  }));
  for (let i = 0; i < rows.length; i += 500) await db.insert(votes).values(rows.slice(i, i + 500));
  if (!removed) {
    await db
      .update(participations)
      .set({ votes: sql`${participations.votes} + ${count}` })
      .where(eq(participations.id, participationId));
  }
}

/** Counts `used` requests of `subject` against `rule` in this window, as if they had come; the window's slot. */
export async function seedRateLimitUse(ctx: AppContext, rule: RateLimitRule, subject: string, used: number): Promise<RateLimitSlot> {
  const slot = rateLimitSlot({ ctx, input: { rule, subject } });
  if (!slot) throw new Error('rate limits are off (RATE_LIMIT_SCALE=0)');
  await ctx.db.insert(rateLimitCounters).values({ key: slot.key, windowStart: slot.windowStart, expiresAt: slot.expiresAt, count: used });
  return slot;
}
