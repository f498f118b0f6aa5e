import { z } from 'zod';
import { CONTENT_LIMITS, LEGAL_PAGE_KEYS, type TeaserKey } from '../content-admin.js';
import { campaignAdminSchema, campaignImageSchema } from './campaign.js';
import { isSingleLine } from './common.js';
import { imageSchema, richTextSchema } from './entities.js';

/**
 * The site content in the back office (issue 8, `contentAdminPaths`): both roles read the current
 * year's home teasers, banner texts, campaign and legal pages; admins save one part at a time, each
 * naming the `updatedAt` it was loaded with (`expectedUpdatedAt`, 409 when someone else saved in
 * between). The campaign's input is `saveCampaignInputSchema` (campaign.ts).
 *
 * The server answers refused input of the teasers, banner, legal and preview bodies with the
 * issue's own German message (no field prefix), `field` (null for the body itself) and `problems`
 * (every issue, `{ field, message }`), as it did before these schemas.
 */

// ---------------------------------------------------------------------------------------------
// Answers

/** A teaser as the back office edits it: the text as Markdown; '' for what is not set. */
export const teaserAdminSchema = z.object({
  headline: z.string(),
  subheadline: z.string(),
  /** Markdown (the season file's, or the last save's). */
  text: z.string(),
  description: z.string(),
  images: z.array(imageSchema),
});

export const legalPageAdminSchema = z.object({
  markdown: z.string(),
  /** What the public page shows now. */
  richText: richTextSchema,
});

/** GET /api/operator/content, and every save's answer. */
export const contentAdminSchema = z.object({
  yearId: z.string(),
  year: z.number(),
  teasers: z.object({ teaser1: teaserAdminSchema, teaser2: teaserAdminSchema, teaserPrizes: teaserAdminSchema }),
  /** Issue 24: the hero's texts and key visual ('' / null: not set; all empty = the default claim). */
  campaign: campaignAdminSchema,
  /** The year's `updatedAt`: `expectedUpdatedAt` of a teasers or campaign save. */
  teasersUpdatedAt: z.string(),
  /** '' = the default slogan. */
  banner: z.object({ text1: z.string(), text2: z.string() }),
  legal: z.object({ terms: legalPageAdminSchema, dataProtection: legalPageAdminSchema, imprint: legalPageAdminSchema }),
  /** The site's `updatedAt`: `expectedUpdatedAt` of a banner or legal save. */
  siteUpdatedAt: z.string(),
});

/** POST /api/operator/content/preview's answer: the rich text a save would store. */
export const markdownPreviewSchema = z.object({ richText: richTextSchema });

// ---------------------------------------------------------------------------------------------
// Inputs (German messages naming the field)

/** A single-line text of at most `max` characters: no line break (U+2028/2029 either), tab or control character. */
const contentLine = (label: string, max: number) =>
  z
    .string(`${label}: Text erwartet.`)
    .max(max, `${label}: höchstens ${max} Zeichen.`)
    .refine(isSingleLine, `${label}: bitte in einer Zeile, ohne Zeilenumbruch.`);

const expectedUpdatedAt = z.string().min(1, 'fehlt');

const teaserInputSchema = (key: TeaserKey) =>
  z.strictObject({
    headline: contentLine('Überschrift', CONTENT_LIMITS.headline).refine((v) => v.trim() !== '', 'Die Überschrift darf nicht leer sein.'),
    subheadline: contentLine('Unterzeile', CONTENT_LIMITS.subheadline),
    /** Markdown. */
    text: z.string().max(CONTENT_LIMITS.teaserText, `Text: höchstens ${CONTENT_LIMITS.teaserText} Zeichen.`),
    description: z.string().max(CONTENT_LIMITS.description, `Beschreibung: höchstens ${CONTENT_LIMITS.description} Zeichen.`),
    images: z
      .array(campaignImageSchema)
      .max(
        CONTENT_LIMITS.images[key],
        CONTENT_LIMITS.images[key] === 1 ? 'Höchstens ein Bild.' : `Höchstens ${CONTENT_LIMITS.images[key]} Bilder.`,
      ),
  });

/** PUT /api/operator/content/teasers (admin): all three teasers; `expectedUpdatedAt` is `teasersUpdatedAt`. */
export const contentTeasersInputSchema = z.strictObject({
  expectedUpdatedAt,
  teasers: z.strictObject({
    teaser1: teaserInputSchema('teaser1'),
    teaser2: teaserInputSchema('teaser2'),
    teaserPrizes: teaserInputSchema('teaserPrizes'),
  }),
});

/** PUT /api/operator/content/banner (admin): '' clears a strip (the default slogan shows); `expectedUpdatedAt` is `siteUpdatedAt`. */
export const contentBannerInputSchema = z.strictObject({
  expectedUpdatedAt,
  text1: contentLine('Banner-Text', CONTENT_LIMITS.banner),
  text2: contentLine('Banner-Text', CONTENT_LIMITS.banner),
});

const LEGAL_MAX_MESSAGE = `Höchstens ${CONTENT_LIMITS.legal.toLocaleString('de-DE')} Zeichen.`;

/** PUT /api/operator/content/legal/{page}: one of the legal pages (any other name: 404). */
export const contentLegalParamsSchema = z.strictObject({ page: z.string().min(1).max(40).pipe(z.enum(LEGAL_PAGE_KEYS)) });

/** PUT /api/operator/content/legal/{page} (admin): the page's Markdown; `expectedUpdatedAt` is `siteUpdatedAt`. */
export const contentLegalInputSchema = z.strictObject({
  expectedUpdatedAt,
  markdown: z
    .string('Text erwartet.')
    .max(CONTENT_LIMITS.legal, LEGAL_MAX_MESSAGE)
    .refine((v) => v.trim() !== '', 'Der Text darf nicht leer sein.'),
});

/** POST /api/operator/content/preview (admin): Markdown to convert; nothing is saved. */
export const markdownPreviewInputSchema = z.strictObject({
  markdown: z.string('Text erwartet.').max(CONTENT_LIMITS.legal, LEGAL_MAX_MESSAGE),
});

// ---------------------------------------------------------------------------------------------
// Pictures (POST /api/operator/media, a club's logo)

/** The codes of a refused picture: 413 too large (bytes or pixels), 415 no JPEG, PNG or WEBP (or empty). */
export const operatorMediaErrorCodeSchema = z.enum(['TooLarge', 'UnsupportedImage']);
export type OperatorMediaErrorCode = z.infer<typeof operatorMediaErrorCodeSchema>;
