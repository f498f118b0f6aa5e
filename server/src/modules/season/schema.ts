import { z } from 'zod';
import { CAMPAIGN_LIMITS, DEFAULT_POINTS_TABLE, type ChallengeObjectTypeId } from '@erd/shared-contracts/wire';
import { challengePointsTableInputSchema, isSingleLine } from '@erd/shared-contracts/schemas';
import { isValidIsoDate, RELATIVE_DATE } from '../../lib/dates.js';

/** The season file format (docs/season-format.md), validated with zod. */

export const CHALLENGE_TYPES = [
  'bfv-erd-estimate',
  'bfv-erd-goals',
  'bfv-erd-picture-vote',
  'bfv-erd-text-vote',
] as const satisfies readonly ChallengeObjectTypeId[];

export const VOTE_TYPES: readonly ChallengeObjectTypeId[] = ['bfv-erd-picture-vote', 'bfv-erd-text-vote'];

/** The dates of the submission and voting windows (vote types only), in their order. */
export const VOTE_DATE_KEYS = ['startDateSubmission', 'endDateSubmission', 'startDateVoting', 'endDateVoting'] as const;
/** Every date of a challenge, in their order (the season file's, the back office's, the database's). */
export const CHALLENGE_DATE_KEYS = ['startDate', 'endDate', ...VOTE_DATE_KEYS, 'resultsDate'] as const;

export const ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]{0,99}$/;
const idField = z
  .string()
  .regex(ID_PATTERN, 'nur Buchstaben, Ziffern, "-" und "_" (höchstens 100 Zeichen, beginnt mit Buchstabe oder Ziffer)');

const text = z.string().trim().min(1, 'darf nicht leer sein');
const optionalText = z.string().optional();

/** A path relative to the season folder, or an absolute http(s) URL. */
const imageRef = z.string().trim().min(1, 'Bildpfad oder URL fehlt');

const dateSpec = z
  .string()
  .refine(
    (value) => isValidIsoDate(value) || RELATIVE_DATE.test(value),
    'Datum als YYYY-MM-DD oder relativ als today, today+N, today-N angeben',
  );

const teaser = z.strictObject({
  headline: text,
  subheadline: optionalText,
  /** Markdown. */
  text: optionalText,
  description: optionalText,
  images: z.array(imageRef).default([]),
});

/** One line of at most `max` characters, by the one input rule (no control characters, no line breaks). */
const campaignLine = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `höchstens ${max} Zeichen`)
    .refine((v) => isSingleLine(v), 'eine Zeile ohne Zeilenumbruch oder Steuerzeichen');

/** Issue 24: the hero's texts and key visual. Left out: a re-import keeps what the back office set. */
const campaign = z.strictObject({
  claim: campaignLine(CAMPAIGN_LIMITS.claim).min(1, 'darf nicht leer sein'),
  subline: campaignLine(CAMPAIGN_LIMITS.subline).optional(),
  prize: campaignLine(CAMPAIGN_LIMITS.prize).optional(),
  image: imageRef.optional(),
});

const prizes = z.strictObject({
  headline: text,
  subheadline: optionalText,
  text: optionalText,
  images: z.array(imageRef).default([]),
});

export const challengeSchema = z.strictObject({
  id: idField,
  type: z.enum(CHALLENGE_TYPES, { error: `muss einer von ${CHALLENGE_TYPES.join(', ')} sein` }),
  headline: text,
  teasertitle: optionalText,
  teasertext: optionalText,
  question: optionalText,
  footnote: optionalText,
  teaserImage: imageRef.optional(),
  startDate: dateSpec,
  endDate: dateSpec,
  startDateSubmission: dateSpec.optional(),
  endDateSubmission: dateSpec.optional(),
  startDateVoting: dateSpec.optional(),
  endDateVoting: dateSpec.optional(),
  /** Issue 24: the day the results are expected, on or after endDate. */
  resultsDate: dateSpec.optional(),
  rightAnswer: z.int().min(0).max(999_999_999).nullable().optional(),
  points: challengePointsTableInputSchema.optional(), // the back office's points table, the same rules
  prizes: prizes.optional(),
  scoring: z.enum(['highest', 'closest']).optional(),
});

export const seasonSchema = z.strictObject({
  year: z.strictObject({
    id: idField,
    year: z.int().min(2000).max(2100),
    teaser1: teaser,
    teaser2: teaser,
    teaserPrizes: teaser,
    campaign: campaign.optional(),
  }),
  challenges: z.array(challengeSchema),
  legal: z.strictObject({
    terms: text,
    dataProtection: text,
    imprint: text,
  }),
  clubs: text,
});

export type SeasonFile = z.infer<typeof seasonSchema>;
export type SeasonChallenge = z.infer<typeof challengeSchema>;
export type SeasonTeaser = z.infer<typeof teaser>;
export type SeasonCampaign = z.infer<typeof campaign>;

export const clubRowSchema = z.object({
  clubnumber: z
    .string()
    .trim()
    .min(1, 'clubnumber darf nicht leer sein')
    .regex(/^[A-Za-z0-9_-]{0,40}$/, 'clubnumber: höchstens 40 Zeichen, nur Buchstaben, Ziffern, "-" und "_"'),
  clubname: z.string().trim().min(1, 'clubname darf nicht leer sein').max(200),
  team: z.enum(['m', 'w'], { error: 'team muss "m" oder "w" sein' }),
  logourl: z.string().trim().default(''),
  linkurl: z
    .string()
    .trim()
    .default('')
    .refine((v) => v === '' || /^https?:\/\/\S+$/i.test(v), 'linkurl muss leer oder eine http(s)-URL sein'),
});

export type ClubCsvRow = z.infer<typeof clubRowSchema>;

export const CLUB_CSV_COLUMNS = ['clubnumber', 'clubname', 'team', 'logourl', 'linkurl'] as const;

/** decisions §6: the default points table (one definition, in the contracts). */
export const DEFAULT_POINTS = DEFAULT_POINTS_TABLE;
