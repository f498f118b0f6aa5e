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

type RichTextInline =
  | { type: 'text'; value: string }
  | { type: 'strong'; children: RichTextInline[] }
  | { type: 'emphasis'; children: RichTextInline[] }
  | { type: 'link'; url: string; children: RichTextInline[] }
  | { type: 'break' };

/** Rich text inline nodes (a subset of mdast); rendered as React elements, never as HTML. */
export const richTextInlineSchema: z.ZodType<RichTextInline> = z.lazy(() =>
  z.discriminatedUnion('type', [
    z.object({ type: z.literal('text'), value: z.string() }),
    z.object({ type: z.literal('strong'), children: z.array(richTextInlineSchema) }),
    z.object({ type: z.literal('emphasis'), children: z.array(richTextInlineSchema) }),
    z.object({ type: z.literal('link'), url: z.string(), children: z.array(richTextInlineSchema) }),
    z.object({ type: z.literal('break') }),
  ]),
);

type RichTextBlock =
  | { type: 'heading'; depth: 1 | 2 | 3 | 4 | 5 | 6; children: RichTextInline[] }
  | { type: 'paragraph'; children: RichTextInline[] }
  | { type: 'list'; ordered: boolean; children: { type: 'listItem'; children: RichTextBlock[] }[] }
  | { type: 'thematicBreak' };

export const richTextBlockSchema: z.ZodType<RichTextBlock> = z.lazy(() =>
  z.discriminatedUnion('type', [
    z.object({ type: z.literal('heading'), depth: z.literal([1, 2, 3, 4, 5, 6]), children: z.array(richTextInlineSchema) }),
    z.object({ type: z.literal('paragraph'), children: z.array(richTextInlineSchema) }),
    z.object({ type: z.literal('list'), ordered: z.boolean(), children: z.array(z.object({ type: z.literal('listItem'), children: z.array(richTextBlockSchema) })) }),
    z.object({ type: z.literal('thematicBreak') }),
  ]),
);

export const richTextSchema = z.object({ type: z.literal('root'), children: z.array(richTextBlockSchema) });

/** One row of a challenge's points table: places fromPlace..toPlace get `points`; toPlace null = every other participating club. */
export const pointsRowSchema = z.object({ fromPlace: z.number(), toPlace: z.number().nullable(), points: z.number() });

export const prizesSchema = z.object({
  headline: z.string(),
  subheadline: z.string().optional(),
  text: z.string().optional(),
  images: z.array(imageSchema),
});

const challengeBaseFields = {
  headline: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  question: z.string().optional(),
  teasertext: z.string().optional(),
  teaserImage: imageSchema.optional(),
  teasertitle: z.string().optional(),
  footnote: z.string().optional(),
  points: z.array(pointsRowSchema),
  prizes: prizesSchema.optional(),
  resultsPublished: z.boolean().optional(),
  resultsDate: z.string().optional(),
};

const voteChallengeFields = {
  ...challengeBaseFields,
  startDateSubmission: z.string(),
  endDateSubmission: z.string(),
  startDateVoting: z.string(),
  endDateVoting: z.string(),
};

const contentObject = <T extends z.ZodType<string>, F extends z.ZodType>(objectTypeId: T, fields: F) =>
  z.object({ sys: sysSchema(objectTypeId), fields });

/** A challenge of the content API (spec §3): estimate and goals, or a vote challenge with its four days. */
export const challengeSchema = z.union([
  contentObject(z.enum(['bfv-erd-estimate', 'bfv-erd-goals']), z.object(challengeBaseFields)),
  contentObject(z.enum(['bfv-erd-picture-vote', 'bfv-erd-text-vote']), z.object(voteChallengeFields)),
]);

export const teaserSchema = z.object({
  headline: z.string(),
  subheadline: z.string().optional(),
  text: richTextSchema.optional(),
  description: z.string().optional(),
  images: z.array(imageSchema),
});

/** The season's campaign on the home page's first screen (issue 24). */
export const campaignAnswerSchema = z.object({
  claim: z.string(),
  subline: z.string().optional(),
  prize: z.string().optional(),
  image: imageSchema.optional(),
});

export const yearSchema = contentObject(
  z.literal('bfv-erd-year'),
  z.object({
    year: z.number(),
    challenges: z.array(challengeSchema),
    teaser1: teaserSchema,
    teaser2: teaserSchema,
    teaserPrizes: teaserSchema,
    campaign: campaignAnswerSchema.optional(),
  }),
);

export const siteSchema = contentObject(
  z.literal('bfv-erd-site'),
  z.object({
    terms: richTextSchema,
    dataProtection: richTextSchema,
    imprint: richTextSchema,
    bannerText1: z.string().optional(),
    bannerText2: z.string().optional(),
  }),
);

export const nextSeasonSchema = z.object({ year: z.number(), startDate: z.string() });

/** GET {base}/public/spaces/{spaceId}/spacedata?include=4 */
export const spaceDataSchema = z.object({
  spaceId: z.string(),
  year: yearSchema,
  site: siteSchema,
  nextSeason: nextSeasonSchema.nullable().optional(),
  preview: z.literal(true).optional(),
});

export const teamSchema = z.enum(['m', 'w']);

export const clubSchema = contentObject(
  z.literal('bfv-erd-club'),
  z.object({
    clubname: z.string(),
    clubnumber: z.string(),
    team: teamSchema,
    logourl: z.string().optional(),
    linkurl: z.string().optional(),
  }),
);

export const publishedStateSchema = z.object({ spaceId: z.string(), state: z.literal('published') });

/** A participation (spec §3); with include=1 the club is resolved, else a link. */
export const participationSchema = z.object({
  _id: z.string(),
  sys: sysSchema(participationObjectTypeIdSchema),
  createdAt: z.string(),
  publishedAt: z.array(publishedStateSchema),
  fields: z.object({
    challenge: linkSchema,
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

/** A row of /results/overall-{yearId}.json or /results/challenge-{challengeId}.json. */
export const standingRowSchema = z.object({
  club: standingClubSchema,
  points: z.number(),
  place: z.number(),
  challengeNumber: z.number().optional(),
  estimate: z.number().optional(),
  rightEstimate: z.number().optional(),
  slogan: z.string().optional(),
  votes: z.number().optional(),
  participationId: z.string().optional(),
  picture: z.string().optional(),
});

export const clubOverallStandingSchema = z.object({ place: z.number(), points: z.number() });
