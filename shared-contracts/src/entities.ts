/**
 * Wire types of the content API and the same-origin API (spec §3).
 * Content objects have the `{ sys, fields }` shape; the server maps its rows to these.
 */

export type ChallengeObjectTypeId =
  | 'bfv-erd-estimate'
  | 'bfv-erd-goals'
  | 'bfv-erd-picture-vote'
  | 'bfv-erd-text-vote';

export type ObjectTypeId =
  | ChallengeObjectTypeId
  | 'bfv-erd-year'
  | 'bfv-erd-site'
  | 'bfv-erd-club'
  | 'bfv-erd-text-participation'
  | 'bfv-erd-picture-participation'
  | 'bfv-erd-estimate-participation';

export interface SysDto<TType extends string = ObjectTypeId> {
  id: string;
  objectTypeId: TType;
  createdAt?: string;
  updatedAt?: string;
}

export interface ContentObjectDto<TType extends string, TFields> {
  sys: SysDto<TType>;
  fields: TFields;
}

/** A link to another content object (spec §3 user.club). */
export interface LinkDto {
  id: string;
  linkType: 'Object';
  type: 'Link';
}

/** Rich text: a subset of mdast (markdown syntax tree); rendered as React elements, never as HTML. */
export type RichTextInlineDto =
  | { type: 'text'; value: string }
  | { type: 'strong'; children: RichTextInlineDto[] }
  | { type: 'emphasis'; children: RichTextInlineDto[] }
  | { type: 'link'; url: string; children: RichTextInlineDto[] }
  | { type: 'break' };

export type RichTextBlockDto =
  | { type: 'heading'; depth: 1 | 2 | 3 | 4 | 5 | 6; children: RichTextInlineDto[] }
  | { type: 'paragraph'; children: RichTextInlineDto[] }
  | { type: 'list'; ordered: boolean; children: RichTextListItemDto[] }
  | { type: 'thematicBreak' };

export interface RichTextListItemDto {
  type: 'listItem';
  children: RichTextBlockDto[];
}

export interface RichTextDto {
  type: 'root';
  children: RichTextBlockDto[];
}

export interface ImageThumbnailDto {
  url: string;
  width?: number;
  format?: string;
}

/** Spec §3 Image: fields.file.url; metadata may list thumbnails. */
export interface ImageDto {
  fields: {
    title?: string;
    file: { url: string; contentType?: string; width?: number; height?: number };
  };
  metadata?: { thumbnails?: ImageThumbnailDto[] };
}

/** One row of a challenge's points table: places fromPlace..toPlace get `points`; toPlace null = every other participating club. */
export interface PointsRowDto {
  fromPlace: number;
  toPlace: number | null;
  points: number;
}

/** Decisions §6: the points table a challenge gets unless the operator sets its own. */
export const DEFAULT_POINTS_TABLE: PointsRowDto[] = [
  { fromPlace: 1, toPlace: 1, points: 100 },
  { fromPlace: 2, toPlace: 2, points: 80 },
  { fromPlace: 3, toPlace: 3, points: 65 },
  { fromPlace: 4, toPlace: 4, points: 55 },
  { fromPlace: 5, toPlace: 5, points: 50 },
  { fromPlace: 6, toPlace: 10, points: 40 },
  { fromPlace: 11, toPlace: 20, points: 25 },
  { fromPlace: 21, toPlace: 50, points: 15 },
  { fromPlace: 51, toPlace: null, points: 5 },
];

export interface PrizesDto {
  headline: string;
  subheadline?: string;
  text?: string;
  images: ImageDto[];
}

/** Calendar day in Europe/Berlin, `YYYY-MM-DD`. */
export type IsoDate = string;

export interface ChallengeBaseFields {
  headline: string;
  startDate: IsoDate;
  endDate: IsoDate;
  question?: string;
  teasertext?: string;
  teaserImage?: ImageDto;
  teasertitle?: string;
  footnote?: string;
  points: PointsRowDto[];
  prizes?: PrizesDto;
  /** Issue 24: true once an operator published the challenge's results (`/tabelle/{id}` has rows). */
  resultsPublished?: boolean;
  /** Issue 24: the day the results are expected (season file or back office), shown while they are not published. */
  resultsDate?: IsoDate;
}

export interface VoteChallengeFields extends ChallengeBaseFields {
  startDateSubmission: IsoDate;
  endDateSubmission: IsoDate;
  startDateVoting: IsoDate;
  endDateVoting: IsoDate;
}

export type EstimateChallengeDto = ContentObjectDto<'bfv-erd-estimate', ChallengeBaseFields>;
export type GoalsChallengeDto = ContentObjectDto<'bfv-erd-goals', ChallengeBaseFields>;
export type PictureVoteChallengeDto = ContentObjectDto<'bfv-erd-picture-vote', VoteChallengeFields>;
export type TextVoteChallengeDto = ContentObjectDto<'bfv-erd-text-vote', VoteChallengeFields>;
export type NormalChallengeDto = EstimateChallengeDto | GoalsChallengeDto;
export type VoteChallengeDto = PictureVoteChallengeDto | TextVoteChallengeDto;
export type ChallengeDto = NormalChallengeDto | VoteChallengeDto;

export interface TeaserDto {
  headline: string;
  subheadline?: string;
  text?: RichTextDto;
  description?: string;
  images: ImageDto[];
}

/**
 * Issue 24: the season's campaign on the home page's first screen (season file `year.campaign`,
 * back office 'Inhalte'). Absent: the pages use `DEFAULT_CAMPAIGN` (campaign.ts).
 */
export interface CampaignDto {
  /** The season's claim: the hero's headline (one line, at most `CAMPAIGN_LIMITS.claim`). */
  claim: string;
  /** One sentence under the claim. */
  subline?: string;
  /** The lead prize in a few words ('Ein Trikotsatz für die ganze Mannschaft'). */
  prize?: string;
  /** The key visual behind the hero (a photograph); without it the pitch illustration. */
  image?: ImageDto;
}

export interface YearFields {
  year: number;
  challenges: ChallengeDto[];
  teaser1: TeaserDto;
  teaser2: TeaserDto;
  teaserPrizes: TeaserDto;
  /** Issue 24: the hero's texts and key visual; absent = `DEFAULT_CAMPAIGN`. */
  campaign?: CampaignDto;
}
export type YearDto = ContentObjectDto<'bfv-erd-year', YearFields>;

export interface SiteFields {
  terms: RichTextDto;
  dataProtection: RichTextDto;
  imprint: RichTextDto;
  /**
   * The home page's banner strips' slogans, when the back office set them (else the default slogan).
   * Issue 26: the strips of the season shown (`year.banner_text1/2`), carried here as before.
   */
  bannerText1?: string;
  bannerText2?: string;
}
export type SiteDto = ContentObjectDto<'bfv-erd-site', SiteFields>;

/** GET {base}/public/spaces/{spaceId}/spacedata?include=4 */
export interface SpaceDataDto {
  spaceId: string;
  /** The season shown: the current one (or, in an operator's preview, the previewed one). Withdrawn challenges are left out. */
  year: YearDto;
  site: SiteDto;
  /**
   * Issue 26: the next season when one is scheduled (the earliest season that is not the one shown,
   * has no entries or results, and whose first challenge day is after today), else null. Absent in
   * answers of servers before issue 26.
   */
  nextSeason?: NextSeasonDto | null;
  /** Issue 26: true only in an operator's preview of a season ('Vorschau'; never cached). */
  preview?: true;
}

/** When the next season starts (the home page and /challenge say it between two seasons). */
export interface NextSeasonDto {
  year: number;
  startDate: IsoDate;
}

export type Team = 'm' | 'w';
export const TEAM_LABELS: Record<Team, string> = { m: 'Herren', w: 'Damen' };

export interface ClubFields {
  clubname: string;
  clubnumber: string;
  team: Team;
  logourl?: string;
  linkurl?: string;
}
export type ClubDto = ContentObjectDto<'bfv-erd-club', ClubFields>;

/** GET .../objects/search answer. */
export interface SearchResultDto<T> {
  items: T[];
  total: number;
}

export interface PublishedStateDto {
  spaceId: string;
  state: 'published';
}

export type ParticipationObjectTypeId =
  | 'bfv-erd-text-participation'
  | 'bfv-erd-picture-participation'
  | 'bfv-erd-estimate-participation';

export interface ParticipationDto {
  _id: string;
  sys: SysDto<ParticipationObjectTypeId>;
  createdAt: string;
  publishedAt: PublishedStateDto[];
  fields: {
    challenge: LinkDto;
    /** With include=1 the club object is resolved; otherwise a link. */
    club: ClubDto | LinkDto;
    votes?: number;
    slogan?: string;
    image?: ImageDto;
    estimate?: number;
  };
}

/** Spec §3 participation page result. */
export type ParticipationPageDto = SearchResultDto<ParticipationDto>;

/** The club entry of a standing row, frozen at publication. */
export interface StandingClubDto {
  _id: string;
  clubname: string;
  clubnumber: string;
  team: Team;
  logourl?: string;
}

/**
 * A row of /results/overall-{yearId}.json or /results/challenge-{challengeId}.json (the file is a
 * JSON array of rows in place order; ties share a place: 1, 2, 2, 4). Challenge rows also carry
 * what the club entered: the estimate (estimate and goals) with the right answer, or the slogan or
 * picture with its counted votes.
 */
export interface StandingRowDto {
  club: StandingClubDto;
  points: number;
  place: number;
  challengeNumber?: number;
  estimate?: number;
  rightEstimate?: number;
  slogan?: string;
  votes?: number;
  /** Vote challenges: the entry (its page is /challenge/{challengeId}/{participationId}). */
  participationId?: string;
  /** Picture vote: a small rendition of the picture (640 px wide WEBP, or the original). */
  picture?: string;
}

export interface ClubOverallStandingDto {
  place: number;
  points: number;
}

/** Spec §3 newsletter signup body. */
export interface NewsletterSignupInput {
  Email: string;
  Fields: never[];
}
