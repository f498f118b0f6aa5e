import type {
  ChallengeDto,
  ClubDto,
  ParticipationDto,
  SearchResultDto,
  SpaceDataDto,
  YearDto,
} from '@erd/shared-contracts/wire';
import type { AppContext } from '../../context.js';
import { NotFoundError, ValidationError } from '../../errors.js';
import { toChallengeDto, toClubDto, toParticipationDto, toSiteDto, toYearDto } from './mappers.js';
import * as repo from './repository.js';

/** The public content API (spec §7 "Product content API"). */

export const CLUB_PAGE_MAX = 100;
export const PARTICIPATION_PAGE_MAX = 50;

type Ctx = Pick<AppContext, 'db' | 'config'>;

function assertSpace(ctx: Ctx, spaceId: string): void {
  if (spaceId !== ctx.config.spaceId) throw new NotFoundError(`Unbekannter Space "${spaceId}"`);
}

export async function getSpaceData({ ctx, input }: { ctx: Ctx; input: { spaceId: string } }): Promise<SpaceDataDto> {
  assertSpace(ctx, input.spaceId);
  const site = await repo.findSite(ctx.db);
  const year = site?.currentYearId ? await repo.findYear(ctx.db, site.currentYearId) : undefined;
  if (!site || !year) throw new NotFoundError('Es ist noch keine Saison eingerichtet');
  const challenges = await repo.listChallengesOfYear(ctx.db, year.id);
  // Publishing results announces `content` (modules/results), so the cached space data follows.
  const published = await repo.challengesWithPublishedResults(ctx.db, challenges.map((c) => c.id));
  return { spaceId: input.spaceId, year: toYearDto(year, challenges, published), site: toSiteDto(site) };
}

export type ContentObject = ClubDto | ChallengeDto | ParticipationDto | YearDto;

/** Any public object by id: a club, a challenge, a year, or a published participation. */
export async function getObject({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: { spaceId: string; id: string; include: number };
}): Promise<ContentObject> {
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
    return toYearDto(year, challenges, await repo.challengesWithPublishedResults(ctx.db, challenges.map((c) => c.id)));
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
}: {
  ctx: Ctx;
  input: SearchInput;
}): Promise<SearchResultDto<ClubDto> | SearchResultDto<ParticipationDto>> {
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
