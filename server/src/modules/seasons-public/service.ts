import type { PublicClubChallengeResultDto, PublicClubSeasonsDto, PublicSeasonDto, PublicSeasonsDto } from '@erd/shared-contracts/schemas';
import type { AppContext } from '../../context.js';
import { NotFoundError } from '../../errors.js';
import { berlinToday } from '../../lib/dates.js';
import * as repo from './repository.js';
import { seasonStateOf } from '../season/state.js';

/**
 * The public archive of seasons (issue 26). A season is a `year` row; its public state: `live` when
 * it is the site's current season; otherwise `ended` once it has entries or published results or
 * its last challenge day is before today, else a draft (never public). A withdrawn challenge is not
 * in the public season: the public '#n' counts only the others, in `position` order.
 */

type Ctx = Pick<AppContext, 'db' | 'now'>;

type ChallengeRow = Awaited<ReturnType<typeof repo.listChallenges>>[number];

interface Season {
  id: string;
  year: number;
  state: 'live' | 'ended' | 'draft';
  /** Its public challenges with their '#n', in order. */
  challenges: Array<ChallengeRow & { number: number }>;
  /** First and last day of all its challenges (withdrawn ones too): the state's rule. */
  firstDay: string | null;
  lastDay: string | null;
  overallPublished: boolean;
  publishedChallenges: Set<string>;
}

/** Every season with its state and public challenges, newest first. */
async function loadSeasons(ctx: Ctx): Promise<{ seasons: Season[]; currentId: string | null; today: string }> {
  const [currentId, years, challenges, entries, published] = await Promise.all([
    repo.findCurrentYearId(ctx.db),
    repo.listYears(ctx.db),
    repo.listChallenges(ctx.db),
    repo.entriesPerYear(ctx.db),
    repo.listPublished(ctx.db),
  ]);
  const today = berlinToday(ctx.now());
  const seasons = years
    .sort((a, b) => b.year - a.year)
    .map((year): Season => {
      const all = challenges.filter((c) => c.yearId === year.id).sort((a, b) => a.position - b.position || a.id.localeCompare(b.id));
      const firstDay = all.reduce<string | null>((min, c) => (min === null || c.startDate < min ? c.startDate : min), null);
      const lastDay = all.reduce<string | null>((max, c) => (max === null || c.endDate > max ? c.endDate : max), null);
      const ofYear = published.filter((p) => p.yearId === year.id);
      const hasResults = ofYear.length > 0;
      const state = seasonStateOf(
        year.id,
        currentId,
        { entries: entries.get(year.id) ?? 0, published: hasResults, endDate: lastDay },
        today,
      );
      return {
        id: year.id,
        year: year.year,
        state,
        challenges: all.filter((c) => c.withdrawnAt === null).map((c, index) => ({ ...c, number: index + 1 })),
        firstDay,
        lastDay,
        overallPublished: ofYear.some((p) => p.kind === 'overall'),
        publishedChallenges: new Set(ofYear.filter((p) => p.kind === 'challenge').map((p) => p.key)),
      };
    });
  return { seasons, currentId, today };
}

/** What the public lists show of a challenge of a season: its '#n', type, headline and days. */
function challengeSummary(c: Season['challenges'][number]) {
  return { id: c.id, number: c.number, objectTypeId: c.objectTypeId, headline: c.headline, startDate: c.startDate, endDate: c.endDate };
}

function toPublicSeason(season: Season & { state: 'live' | 'ended' }): PublicSeasonDto {
  const days = season.challenges;
  return {
    id: season.id,
    year: season.year,
    state: season.state,
    startDate: days.reduce<string | null>((min, c) => (min === null || c.startDate < min ? c.startDate : min), null),
    endDate: days.reduce<string | null>((max, c) => (max === null || c.endDate > max ? c.endDate : max), null),
    resultsPublished: season.overallPublished,
    challenges: season.challenges.map((c) => ({ ...challengeSummary(c), resultsPublished: season.publishedChallenges.has(c.id) })),
  };
}

const isPublic = (season: Season): season is Season & { state: 'live' | 'ended' } => season.state !== 'draft';

/**
 * GET /api/public/seasons: the current season and the ended ones, newest first; drafts never, but
 * the earliest draft that starts after today as `next` (its year and first day).
 */
export async function getPublicSeasons({ ctx }: { ctx: Ctx }): Promise<PublicSeasonsDto> {
  const { seasons, currentId, today } = await loadSeasons(ctx);
  const next = seasons
    .filter((s) => s.state === 'draft' && s.firstDay !== null && s.firstDay > today)
    .sort((a, b) => a.firstDay!.localeCompare(b.firstDay!))[0];
  return {
    currentId: seasons.some((s) => s.id === currentId) ? currentId : null,
    seasons: seasons.filter(isPublic).map(toPublicSeason),
    next: next ? { year: next.year, startDate: next.firstDay! } : null,
  };
}

const num = (value: unknown): number | undefined => (typeof value === 'number' && Number.isFinite(value) ? value : undefined);
const str = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/**
 * GET /api/public/clubs/{clubId}/seasons: the club's results in every ended season where it has
 * any (its overall place and points, its row of each public challenge table), newest first. The
 * rows are those of the published files (decisions §6: only published numbers are shown).
 */
export async function getClubSeasons({ ctx, input }: { ctx: Ctx; input: { clubId: string } }): Promise<PublicClubSeasonsDto> {
  if (!(await repo.clubExists(ctx.db, input.clubId))) throw new NotFoundError('Diesen Verein gibt es nicht.');
  const { seasons } = await loadSeasons(ctx);
  const ended = seasons.filter((s) => s.state === 'ended');
  const rows = await repo.clubRowsOfYears(
    ctx.db,
    input.clubId,
    ended.map((s) => s.id),
  );
  const result: PublicClubSeasonsDto = { clubId: input.clubId, seasons: [] };
  for (const season of ended) {
    const ofYear = rows.filter((r) => r.yearId === season.id);
    const overallRow = ofYear.find((r) => r.kind === 'overall')?.row;
    const place = num(overallRow?.place);
    const points = num(overallRow?.points);
    const challenges = season.challenges.flatMap((c): PublicClubChallengeResultDto[] => {
      const row = ofYear.find((r) => r.kind === 'challenge' && r.key === c.id)?.row;
      const rowPlace = num(row?.place);
      if (!row || rowPlace === undefined || !Number.isInteger(rowPlace) || rowPlace < 1) return [];
      const optional = {
        estimate: num(row.estimate),
        rightEstimate: num(row.rightEstimate),
        votes: num(row.votes),
        slogan: str(row.slogan),
        participationId: str(row.participationId),
        picture: str(row.picture),
      };
      return [
        {
          ...challengeSummary(c),
          place: rowPlace,
          points: num(row.points) ?? 0,
          ...Object.fromEntries(Object.entries(optional).filter(([, value]) => value !== undefined)),
        },
      ];
    });
    const overall = place !== undefined && Number.isInteger(place) && place >= 1 ? { place, points: points ?? 0 } : null;
    if (overall || challenges.length) result.seasons.push({ id: season.id, year: season.year, overall, challenges });
  }
  return result;
}
