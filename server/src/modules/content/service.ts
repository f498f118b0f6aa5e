import type { ChallengeDto, ClubDto, ParticipationDto, SearchResultDto, SpaceDataDto, YearDto } from '@erd/shared-contracts/wire';
import { berlinToday } from '@erd/shared-contracts/wire';
import type { AppContext, ServiceCall } from '../../context.js';
import { NotFoundError, ValidationError } from '../../errors.js';
import { toChallengeDto, toClubDto, toParticipationDto, toSiteDto, toYearDto } from './mappers.js';
import * as repo from './repository.js';

/** The public content API (spec §7 "Product content API"). */

export const CLUB_PAGE_MAX = 100;
export const PARTICIPATION_PAGE_MAX = 50;

type Ctx = Pick<AppContext, 'db' | 'config'> & Partial<Pick<AppContext, 'now'>>;

function assertSpace(ctx: Ctx, spaceId: string): void {
  if (spaceId !== ctx.config.spaceId) throw new NotFoundError(`Unbekannter Space "${spaceId}"`);
}

/**
 * The public season: the current one, or with `previewYearId` (an operator's 'Vorschau', issue 26)
 * that year as it would look once it is the current one (`preview: true`). Withdrawn challenges are
 * left out; the banner strips are the season's; `nextSeason` is the next scheduled season after it.
 */
export async function getSpaceData({ ctx, input }: ServiceCall<Ctx, { spaceId: string; previewYearId?: string }>): Promise<SpaceDataDto> {
  assertSpace(ctx, input.spaceId);
  const site = await repo.findSite(ctx.db);
  const yearId = input.previewYearId ?? site?.currentYearId;
  const year = yearId ? await repo.findYear(ctx.db, yearId) : undefined;
  if (!site || !year) throw new NotFoundError('Es ist noch keine Saison eingerichtet');
  const challenges = await repo.listChallengesOfYear(ctx.db, year.id);
  // Publishing results announces `content` (modules/results), so the cached space data follows; so
  // does every season edit (modules/seasons-admin), also of a draft season (the next season's start).
  const published = await repo.challengesWithPublishedResults(
    ctx.db,
    challenges.map((c) => c.id),
  );
  const nextSeason = await repo.findNextSeason(ctx.db, year.id, berlinToday(ctx.now?.() ?? new Date()));
  return {
    spaceId: input.spaceId,
    year: toYearDto(year, challenges, published),
    site: toSiteDto(site, year),
    nextSeason,
    ...(input.previewYearId !== undefined ? { preview: true as const } : {}),
  };
}

export type ContentObject = ClubDto | ChallengeDto | ParticipationDto | YearDto;

/** Any public object by id: a club, a challenge, a year, or a published participation. */
export async function getObject({
  ctx,
  input,
}: ServiceCall<Ctx, { spaceId: string; id: string; include: number }>): Promise<ContentObject> {
  assertSpace(ctx, input.spaceId);
  const club = await repo.findClub(ctx.db, input.id);
  if (club) return toClubDto(club);
  const challenge = await repo.findChallenge(ctx.db, input.id);
  if (challenge) return toChallengeDto(challenge, await repo.challengesWithPublishedResults(ctx.db, [challenge.id]));
  const participation = await repo.findPublishedParticipation(ctx.db, input.id);
  if (participation) {
    return toParticipationDto(participation.participation, input.spaceId, input.include >= 1 ? participation.club : null);
  }
  const year = await repo.findYear(ctx.db, input.id);
  if (year) {
    const challenges = await repo.listChallengesOfYear(ctx.db, year.id);
    return toYearDto(
      year,
      challenges,
      await repo.challengesWithPublishedResults(
        ctx.db,
        challenges.map((c) => c.id),
      ),
    );
  }
  throw new NotFoundError(`Objekt "${input.id}" nicht gefunden`);
}

export interface SearchInput {
  spaceId: string;
  objectTypeId?: string;
  challengeId?: string;
  from: number;
  size?: number;
  include: number;
  sort: repo.ParticipationSortKey;
}

/**
 * `objects/search`: (a) the club catalogue (`objectTypeId=bfv-erd-club`), (b) published
 * participations of a challenge (`fields.challenge.id`). Page sizes are capped.
 */
export async function searchObjects({
  ctx,
  input,
}: ServiceCall<Ctx, SearchInput>): Promise<SearchResultDto<ClubDto> | SearchResultDto<ParticipationDto>> {
  assertSpace(ctx, input.spaceId);
  if (input.objectTypeId === 'bfv-erd-club') {
    const size = Math.min(input.size ?? CLUB_PAGE_MAX, CLUB_PAGE_MAX);
    const page = await repo.listClubsPage(ctx.db, input.from, size);
    return { items: page.rows.map(toClubDto), total: page.total };
  }
  if (input.challengeId !== undefined) {
    if (
      input.objectTypeId !== undefined &&
      input.objectTypeId !== 'bfv-erd-text-participation' &&
      input.objectTypeId !== 'bfv-erd-picture-participation'
    ) {
      throw new ValidationError(`objectTypeId "${input.objectTypeId}" passt nicht zu fields.challenge.id`);
    }
    const size = Math.min(input.size ?? 10, PARTICIPATION_PAGE_MAX);
    const page = await repo.searchPublishedParticipations(ctx.db, {
      challengeId: input.challengeId,
      from: input.from,
      size,
      sort: input.sort,
    });
    return {
      items: page.rows.map((r) => toParticipationDto(r.participation, input.spaceId, input.include >= 1 ? r.club : null)),
      total: page.total,
    };
  }
  throw new ValidationError('Suche braucht objectTypeId=bfv-erd-club oder fields.challenge.id');
}

/** For the HTML routing: does `/club/{id}` name a club? */
export async function clubExists({ ctx, input }: { ctx: Pick<AppContext, 'db'>; input: { id: string } }): Promise<boolean> {
  return repo.clubExists(ctx.db, input.id);
}

/** The content tables' reads other modules need (they call the content module, never its repository). */
export { findChallenge, findClub, findPublishedParticipation, findSite, findYear } from './repository.js';
