import { z } from 'zod';

/**
 * The content objects' building blocks as answers (spec §3, `entities.ts`): links, `sys`, images,
 * rich text and points rows. Every answer that carries one uses these, so an image or a link has one
 * shape on the wire and in the OpenAPI document. Inputs that take an image (the campaign's key
 * visual) check more and keep their own schema.
 */

export const challengeObjectTypeIdSchema = z.enum(['bfv-erd-estimate', 'bfv-erd-goals', 'bfv-erd-picture-vote', 'bfv-erd-text-vote']);

export const participationObjectTypeIdSchema = z.enum([
  'bfv-erd-text-participation',
  'bfv-erd-picture-participation',
  'bfv-erd-estimate-participation',
]);

export const objectTypeIdSchema = z.enum([
  ...challengeObjectTypeIdSchema.options,
  'bfv-erd-year',
  'bfv-erd-site',
  'bfv-erd-club',
  ...participationObjectTypeIdSchema.options,
]);

/** `sys` of a content object of the given type(s). */
export const sysSchema = <T extends z.ZodType<string>>(objectTypeId: T) =>
  z.object({ id: z.string(), objectTypeId, createdAt: z.string().optional(), updatedAt: z.string().optional() });

/** A link to another content object (spec §3 user.club). */
export const linkSchema = z.object({ id: z.string(), linkType: z.literal('Object'), type: z.literal('Link') });

export const imageThumbnailSchema = z.object({ url: z.string(), width: z.number().optional(), format: z.string().optional() });

/** Spec §3 Image: `fields.file.url`; `metadata` may list thumbnails. */
export const imageSchema = z.object({
  fields: z.object({
    title: z.string().optional(),
    file: z.object({ url: z.string(), contentType: z.string().optional(), width: z.number().optional(), height: z.number().optional() }),
  }),
  metadata: z.object({ thumbnails: z.array(imageThumbnailSchema).optional() }).optional(),
});

/** Rich text inline nodes (a subset of mdast). */
export type RichTextInline =
  | { type: 'text'; value: string }
  | { type: 'strong'; children: RichTextInline[] }
  | { type: 'emphasis'; children: RichTextInline[] }
  | { type: 'link'; url: string; children: RichTextInline[] }
  | { type: 'break' };

/** Rich text inline nodes (a subset of mdast); rendered as React elements, never as HTML. Named: the OpenAPI document's component `RichTextInline`. */
export const richTextInlineSchema: z.ZodType<RichTextInline> = z
  .lazy(() =>
    z.discriminatedUnion('type', [
      z.object({ type: z.literal('text'), value: z.string() }),
      z.object({ type: z.literal('strong'), children: z.array(richTextInlineSchema) }),
      z.object({ type: z.literal('emphasis'), children: z.array(richTextInlineSchema) }),
      z.object({ type: z.literal('link'), url: z.string(), children: z.array(richTextInlineSchema) }),
      z.object({ type: z.literal('break') }),
    ]),
  )
  .meta({ id: 'RichTextInline' });

/** Rich text blocks (a subset of mdast). */
export type RichTextBlock =
  | { type: 'heading'; depth: 1 | 2 | 3 | 4 | 5 | 6; children: RichTextInline[] }
  | { type: 'paragraph'; children: RichTextInline[] }
  | { type: 'list'; ordered: boolean; children: RichTextListItem[] }
  | { type: 'thematicBreak' };

export interface RichTextListItem {
  type: 'listItem';
  children: RichTextBlock[];
}

export const richTextBlockSchema: z.ZodType<RichTextBlock> = z
  .lazy(() =>
    z.discriminatedUnion('type', [
      z.object({ type: z.literal('heading'), depth: z.literal([1, 2, 3, 4, 5, 6]), children: z.array(richTextInlineSchema) }),
      z.object({ type: z.literal('paragraph'), children: z.array(richTextInlineSchema) }),
      z.object({
        type: z.literal('list'),
        ordered: z.boolean(),
        children: z.array(z.object({ type: z.literal('listItem'), children: z.array(richTextBlockSchema) })),
      }),
      z.object({ type: z.literal('thematicBreak') }),
    ]),
  )
  .meta({ id: 'RichTextBlock' });

export const richTextSchema = z.object({ type: z.literal('root'), children: z.array(richTextBlockSchema) });

/** One row of a challenge's points table: places fromPlace..toPlace get `points`; toPlace null = every other participating club. */
export const pointsRowSchema = z.object({ fromPlace: z.number(), toPlace: z.number().nullable(), points: z.number() });

export const prizesSchema = z.object({
  headline: z.string(),
  subheadline: z.string().optional(),
  text: z.string().optional(),
  images: z.array(imageSchema),
});

/** Calendar day in Europe/Berlin, `YYYY-MM-DD` (not checked in answers: what the season file has). */
const day = z.string();

export const challengeBaseFieldsSchema = z.object({
  headline: z.string(),
  startDate: day,
  endDate: day,
  question: z.string().optional(),
  teasertext: z.string().optional(),
  teaserImage: imageSchema.optional(),
  teasertitle: z.string().optional(),
  footnote: z.string().optional(),
  points: z.array(pointsRowSchema),
  prizes: prizesSchema.optional(),
  /** Issue 24: true once an operator published the challenge's results (`/tabelle/{id}` has rows). */
  resultsPublished: z.boolean().optional(),
  /** Issue 24: the day the results are expected (season file or back office), shown while they are not published. */
  resultsDate: day.optional(),
});

/** A vote challenge's fields: the base ones and its submission and voting days. */
export const voteChallengeFieldsSchema = challengeBaseFieldsSchema.extend({
  startDateSubmission: day,
  endDateSubmission: day,
  startDateVoting: day,
  endDateVoting: day,
});

const contentObject = <T extends z.ZodType<string>, F extends z.ZodType>(objectTypeId: T, fields: F) =>
  z.object({ sys: sysSchema(objectTypeId), fields });

export const estimateChallengeSchema = contentObject(z.literal('bfv-erd-estimate'), challengeBaseFieldsSchema);
export const goalsChallengeSchema = contentObject(z.literal('bfv-erd-goals'), challengeBaseFieldsSchema);
export const pictureVoteChallengeSchema = contentObject(z.literal('bfv-erd-picture-vote'), voteChallengeFieldsSchema);
export const textVoteChallengeSchema = contentObject(z.literal('bfv-erd-text-vote'), voteChallengeFieldsSchema);

/** A challenge of the content API (spec §3): estimate and goals, or a vote challenge with its four days. */
export const challengeSchema = z.union([
  estimateChallengeSchema,
  goalsChallengeSchema,
  pictureVoteChallengeSchema,
  textVoteChallengeSchema,
]);

export const teaserSchema = z.object({
  headline: z.string(),
  subheadline: z.string().optional(),
  text: richTextSchema.optional(),
  description: z.string().optional(),
  images: z.array(imageSchema),
});

/**
 * Issue 24: the season's campaign on the home page's first screen (season file `year.campaign`,
 * back office 'Inhalte'). Absent: the pages use `DEFAULT_CAMPAIGN` (campaign.ts).
 */
export const campaignAnswerSchema = z.object({
  /** The season's claim: the hero's headline (one line, at most `CAMPAIGN_LIMITS.claim`). */
  claim: z.string(),
  /** One sentence under the claim. */
  subline: z.string().optional(),
  /** The lead prize in a few words ('Ein Trikotsatz für die ganze Mannschaft'). */
  prize: z.string().optional(),
  /** The key visual behind the hero (a photograph); without it the pitch illustration. */
  image: imageSchema.optional(),
});

export const yearFieldsSchema = z.object({
  year: z.number(),
  challenges: z.array(challengeSchema),
  teaser1: teaserSchema,
  teaser2: teaserSchema,
  teaserPrizes: teaserSchema,
  /** Issue 24: the hero's texts and key visual; absent = `DEFAULT_CAMPAIGN`. */
  campaign: campaignAnswerSchema.optional(),
});

export const yearSchema = contentObject(z.literal('bfv-erd-year'), yearFieldsSchema);

export const siteFieldsSchema = z.object({
  terms: richTextSchema,
  dataProtection: richTextSchema,
  imprint: richTextSchema,
  /**
   * The home page's banner strips' slogans, when the back office set them (else the default slogan).
   * Issue 26: the strips of the season shown (`year.banner_text1/2`), carried here as before.
   */
  bannerText1: z.string().optional(),
  bannerText2: z.string().optional(),
});

export const siteSchema = contentObject(z.literal('bfv-erd-site'), siteFieldsSchema);

/** When the next season starts (the home page and /challenge say it between two seasons). */
export const nextSeasonSchema = z.object({ year: z.number(), startDate: day });

/** GET {base}/public/spaces/{spaceId}/spacedata?include=4 */
export const spaceDataSchema = z.object({
  spaceId: z.string(),
  /** The season shown: the current one (or, in an operator's preview, the previewed one). Withdrawn challenges are left out. */
  year: yearSchema,
  site: siteSchema,
  /**
   * Issue 26: the next season when one is scheduled (the earliest season that is not the one shown,
   * has no entries or results, and whose first challenge day is after today), else null. Absent in
   * answers of servers before issue 26.
   */
  nextSeason: nextSeasonSchema.nullable().optional(),
  /** Issue 26: true only in an operator's preview of a season ('Vorschau'; never cached). */
  preview: z.literal(true).optional(),
});

export const teamSchema = z.enum(['m', 'w']);

export const clubFieldsSchema = z.object({
  clubname: z.string(),
  clubnumber: z.string(),
  team: teamSchema,
  logourl: z.string().optional(),
  linkurl: z.string().optional(),
});

export const clubSchema = contentObject(z.literal('bfv-erd-club'), clubFieldsSchema);

export const publishedStateSchema = z.object({ spaceId: z.string(), state: z.literal('published') });

/** A participation (spec §3); with include=1 the club is resolved, else a link. */
export const participationSchema = z.object({
  _id: z.string(),
  sys: sysSchema(participationObjectTypeIdSchema),
  createdAt: z.string(),
  publishedAt: z.array(publishedStateSchema),
  fields: z.object({
    challenge: linkSchema,
    /** With include=1 the club object is resolved; otherwise a link. */
    club: z.union([clubSchema, linkSchema]),
    votes: z.number().optional(),
    slogan: z.string().optional(),
    image: imageSchema.optional(),
    estimate: z.number().optional(),
  }),
});

/** GET …/objects/search answer. */
export const searchResultSchema = <T extends z.ZodType>(item: T) => z.object({ items: z.array(item), total: z.number() });

export const participationPageSchema = searchResultSchema(participationSchema);

/** The club entry of a standing row, frozen at publication. */
export const standingClubSchema = z.object({
  _id: z.string(),
  clubname: z.string(),
  clubnumber: z.string(),
  team: teamSchema,
  logourl: z.string().optional(),
});

/**
 * A row of /results/overall-{yearId}.json or /results/challenge-{challengeId}.json (the file is a
 * JSON array of rows in place order; ties share a place: 1, 2, 2, 4). Challenge rows also carry
 * what the club entered: the estimate (estimate and goals) with the right answer, or the slogan or
 * picture with its counted votes.
 */
export const standingRowSchema = z.object({
  club: standingClubSchema,
  points: z.number(),
  place: z.number(),
  challengeNumber: z.number().optional(),
  estimate: z.number().optional(),
  rightEstimate: z.number().optional(),
  slogan: z.string().optional(),
  votes: z.number().optional(),
  /** Vote challenges: the entry (its page is /challenge/{challengeId}/{participationId}). */
  participationId: z.string().optional(),
  /** Picture vote: a small rendition of the picture (640 px wide WEBP, or the original). */
  picture: z.string().optional(),
});

export const clubOverallStandingSchema = z.object({ place: z.number(), points: z.number() });
