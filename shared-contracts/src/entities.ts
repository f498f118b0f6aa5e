/**
 * Wire types of the content API and the same-origin API (spec §3).
 * Content objects have the `{ sys, fields }` shape; the server maps its rows to these.
 * The types are derived from the answer schemas (`./schemas/entities.ts`, zod), imported as types
 * only: the public pages' bundles do not load zod.
 */

import type { z } from 'zod';
import type {
  campaignAnswerSchema,
  challengeBaseFieldsSchema,
  challengeObjectTypeIdSchema,
  challengeSchema,
  clubFieldsSchema,
  clubOverallStandingSchema,
  clubSchema,
  estimateChallengeSchema,
  goalsChallengeSchema,
  imageSchema,
  imageThumbnailSchema,
  linkSchema,
  nextSeasonSchema,
  objectTypeIdSchema,
  participationObjectTypeIdSchema,
  participationPageSchema,
  participationSchema,
  pictureVoteChallengeSchema,
  pointsRowSchema,
  prizesSchema,
  publishedStateSchema,
  RichTextBlock,
  RichTextInline,
  RichTextListItem,
  richTextSchema,
  siteFieldsSchema,
  siteSchema,
  spaceDataSchema,
  standingClubSchema,
  standingRowSchema,
  teamSchema,
  teaserSchema,
  textVoteChallengeSchema,
  voteChallengeFieldsSchema,
  yearFieldsSchema,
  yearSchema,
} from './schemas/entities.js';

export type ChallengeObjectTypeId = z.infer<typeof challengeObjectTypeIdSchema>;

export type ObjectTypeId = z.infer<typeof objectTypeIdSchema>;

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
export type LinkDto = z.infer<typeof linkSchema>;

/** Rich text: a subset of mdast (markdown syntax tree); rendered as React elements, never as HTML. */
export type RichTextInlineDto = RichTextInline;

export type RichTextBlockDto = RichTextBlock;

export type RichTextListItemDto = RichTextListItem;

export type RichTextDto = z.infer<typeof richTextSchema>;

export type ImageThumbnailDto = z.infer<typeof imageThumbnailSchema>;

/** Spec §3 Image: fields.file.url; metadata may list thumbnails. */
export type ImageDto = z.infer<typeof imageSchema>;

/** One row of a challenge's points table: places fromPlace..toPlace get `points`; toPlace null = every other participating club. */
export type PointsRowDto = z.infer<typeof pointsRowSchema>;

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

export type PrizesDto = z.infer<typeof prizesSchema>;

/** Calendar day in Europe/Berlin, `YYYY-MM-DD`. */
export type IsoDate = string;

export type ChallengeBaseFields = z.infer<typeof challengeBaseFieldsSchema>;

export type VoteChallengeFields = z.infer<typeof voteChallengeFieldsSchema>;

export type EstimateChallengeDto = z.infer<typeof estimateChallengeSchema>;
export type GoalsChallengeDto = z.infer<typeof goalsChallengeSchema>;
export type PictureVoteChallengeDto = z.infer<typeof pictureVoteChallengeSchema>;
export type TextVoteChallengeDto = z.infer<typeof textVoteChallengeSchema>;
export type NormalChallengeDto = EstimateChallengeDto | GoalsChallengeDto;
export type VoteChallengeDto = PictureVoteChallengeDto | TextVoteChallengeDto;
export type ChallengeDto = z.infer<typeof challengeSchema>;

export type TeaserDto = z.infer<typeof teaserSchema>;

/**
 * Issue 24: the season's campaign on the home page's first screen (season file `year.campaign`,
 * back office 'Inhalte'). Absent: the pages use `DEFAULT_CAMPAIGN` (campaign.ts).
 */
export type CampaignDto = z.infer<typeof campaignAnswerSchema>;

export type YearFields = z.infer<typeof yearFieldsSchema>;
export type YearDto = z.infer<typeof yearSchema>;

export type SiteFields = z.infer<typeof siteFieldsSchema>;
export type SiteDto = z.infer<typeof siteSchema>;

/** GET {base}/public/spaces/{spaceId}/spacedata?include=4 */
export type SpaceDataDto = z.infer<typeof spaceDataSchema>;

/** When the next season starts (the home page and /challenge say it between two seasons). */
export type NextSeasonDto = z.infer<typeof nextSeasonSchema>;

export type Team = z.infer<typeof teamSchema>;
export const TEAM_LABELS: Record<Team, string> = { m: 'Herren', w: 'Damen' };

export type ClubFields = z.infer<typeof clubFieldsSchema>;
export type ClubDto = z.infer<typeof clubSchema>;

/** GET .../objects/search answer. */
export interface SearchResultDto<T> {
  items: T[];
  total: number;
}

export type PublishedStateDto = z.infer<typeof publishedStateSchema>;

export type ParticipationObjectTypeId = z.infer<typeof participationObjectTypeIdSchema>;

/** A participation (spec §3); with include=1 the club is resolved, else a link. */
export type ParticipationDto = z.infer<typeof participationSchema>;

/** Spec §3 participation page result. */
export type ParticipationPageDto = z.infer<typeof participationPageSchema>;

/** The club entry of a standing row, frozen at publication. */
export type StandingClubDto = z.infer<typeof standingClubSchema>;

/**
 * A row of /results/overall-{yearId}.json or /results/challenge-{challengeId}.json (the file is a
 * JSON array of rows in place order; ties share a place: 1, 2, 2, 4). Challenge rows also carry
 * what the club entered: the estimate (estimate and goals) with the right answer, or the slogan or
 * picture with its counted votes.
 */
export type StandingRowDto = z.infer<typeof standingRowSchema>;

export type ClubOverallStandingDto = z.infer<typeof clubOverallStandingSchema>;

/** Spec §3 newsletter signup body. */
export interface NewsletterSignupInput {
  Email: string;
  Fields: never[];
}
