import type {
  ChallengeBaseFields,
  ChallengeDto,
  ClubDto,
  LinkDto,
  ParticipationDto,
  SiteDto,
  TeaserDto,
  YearDto,
} from '@erd/shared-contracts/wire';
import { withSafeLinks } from '@erd/shared-contracts/wire';
import type { ChallengeRow, ClubRow, ParticipationRow, SiteRow, YearRow } from '../../db/schema/index.js';

/** Database rows → wire types (house style: the server maps its rows to the contracts). */

const iso = (date: Date) => date.toISOString();

export function link(id: string): LinkDto {
  return { id, linkType: 'Object', type: 'Link' };
}

/**
 * A challenge as the public sees it: everything but the right answer and the scoring rule. With
 * `published` (the ids of challenges whose results are published) it says `resultsPublished`
 * (issue 24: the pages offer 'ERGEBNISSE' only then).
 */
export function toChallengeDto(row: ChallengeRow, published?: ReadonlySet<string>): ChallengeDto {
  const fields: ChallengeBaseFields = {
    headline: row.headline,
    startDate: row.startDate,
    endDate: row.endDate,
    ...(row.question !== null ? { question: row.question } : {}),
    ...(row.teasertext !== null ? { teasertext: row.teasertext } : {}),
    ...(row.teaserImage !== null ? { teaserImage: row.teaserImage } : {}),
    ...(row.teasertitle !== null ? { teasertitle: row.teasertitle } : {}),
    ...(row.footnote !== null ? { footnote: row.footnote } : {}),
    points: row.points,
    ...(row.prizes !== null ? { prizes: row.prizes } : {}),
    ...(published ? { resultsPublished: published.has(row.id) } : {}),
    ...(row.resultsDate ? { resultsDate: row.resultsDate } : {}),
  };
  const sys = { id: row.id, createdAt: iso(row.createdAt), updatedAt: iso(row.updatedAt) };
  const voteFields = () => ({
    ...fields,
    startDateSubmission: row.startDateSubmission ?? row.startDate,
    endDateSubmission: row.endDateSubmission ?? row.endDate,
    startDateVoting: row.startDateVoting ?? row.startDate,
    endDateVoting: row.endDateVoting ?? row.endDate,
  });
  switch (row.objectTypeId) {
    case 'bfv-erd-estimate':
      return { sys: { ...sys, objectTypeId: 'bfv-erd-estimate' }, fields };
    case 'bfv-erd-goals':
      return { sys: { ...sys, objectTypeId: 'bfv-erd-goals' }, fields };
    case 'bfv-erd-picture-vote':
      return { sys: { ...sys, objectTypeId: 'bfv-erd-picture-vote' }, fields: voteFields() };
    case 'bfv-erd-text-vote':
      return { sys: { ...sys, objectTypeId: 'bfv-erd-text-vote' }, fields: voteFields() };
  }
}

export function toYearDto(row: YearRow, challenges: ChallengeRow[], published: ReadonlySet<string>): YearDto {
  return {
    sys: { id: row.id, objectTypeId: 'bfv-erd-year', createdAt: iso(row.createdAt), updatedAt: iso(row.updatedAt) },
    fields: {
      year: row.year,
      challenges: challenges.map((c) => toChallengeDto(c, published)),
      teaser1: toTeaserDto(row.teasers.teaser1),
      teaser2: toTeaserDto(row.teasers.teaser2),
      teaserPrizes: toTeaserDto(row.teasers.teaserPrizes),
      ...(row.campaign ? { campaign: row.campaign } : {}),
    },
  };
}

/** Stored rich text goes out under the contracts' one link rule, also what was stored before it (issue 22). */
function toTeaserDto(teaser: TeaserDto): TeaserDto {
  return teaser.text ? { ...teaser, text: withSafeLinks(teaser.text) } : teaser;
}

/** The site's texts, with the banner strips of the season shown (issue 26: `year.banner_text1/2`; `site.banner_text1/2` are no longer read). */
export function toSiteDto(row: SiteRow, year: Pick<YearRow, 'bannerText1' | 'bannerText2'>): SiteDto {
  return {
    sys: { id: row.id, objectTypeId: 'bfv-erd-site', createdAt: iso(row.createdAt), updatedAt: iso(row.updatedAt) },
    fields: {
      terms: withSafeLinks(row.terms),
      dataProtection: withSafeLinks(row.dataProtection),
      imprint: withSafeLinks(row.imprint),
      ...(year.bannerText1 ? { bannerText1: year.bannerText1 } : {}),
      ...(year.bannerText2 ? { bannerText2: year.bannerText2 } : {}),
    },
  };
}

export function toClubDto(row: ClubRow): ClubDto {
  return {
    sys: { id: row.id, objectTypeId: 'bfv-erd-club', createdAt: iso(row.createdAt), updatedAt: iso(row.updatedAt) },
    fields: {
      clubname: row.clubname,
      clubnumber: row.clubnumber,
      team: row.team,
      ...(row.logourl ? { logourl: row.logourl } : {}),
      ...(row.linkurl ? { linkurl: row.linkurl } : {}),
    },
  };
}

/** A published participation; the club resolved when `club` is given, else a link. */
export function toParticipationDto(row: ParticipationRow, spaceId: string, club: ClubRow | null): ParticipationDto {
  return {
    _id: row.id,
    sys: { id: row.id, objectTypeId: row.objectTypeId, createdAt: iso(row.createdAt), updatedAt: iso(row.updatedAt) },
    createdAt: iso(row.createdAt),
    publishedAt: row.state === 'published' ? [{ spaceId, state: 'published' }] : [],
    fields: {
      challenge: link(row.challengeId),
      club: club ? toClubDto(club) : link(row.clubId),
      votes: row.votes,
      ...(row.slogan !== null ? { slogan: row.slogan } : {}),
      ...(row.image !== null ? { image: row.image } : {}),
    },
  };
}
