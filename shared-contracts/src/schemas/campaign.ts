import { z } from 'zod';
import { CAMPAIGN_LIMITS } from '../campaign.js';
import { isSingleLine } from './common.js';
import { imageSchema } from './entities.js';

/**
 * The season's campaign in the back office (issue 24): 'Inhalte' edits the hero's claim, subline,
 * lead prize and key visual (`PUT /api/operator/content/campaign`, admin; the year's `updatedAt`
 * as `expectedUpdatedAt`, 409 when someone else saved meanwhile), and the challenge editor the day
 * a challenge's results are expected (`resultsDate` in its PATCH). The public space data carries
 * them as `year.fields.campaign` and a challenge's `fields.resultsDate` (entities.ts).
 */

/** A single-line text of at most `max` characters; '' = not set. German messages naming the field. */
const campaignLine = (label: string, max: number) =>
  z
    .string(`${label}: Text erwartet.`)
    .max(max, `${label}: höchstens ${max} Zeichen.`)
    .refine((value) => isSingleLine(value), `${label}: bitte in einer Zeile, ohne Steuerzeichen oder Zeilenumbruch.`);

/** An uploaded picture (`/media/…`, `POST /api/operator/media`) or an https URL. */
const imageUrl = z
  .string('Bild-Adresse erwartet.')
  .max(2000, 'Bild-Adresse: höchstens 2000 Zeichen.')
  .refine(
    (v) => /^\/media\/[A-Za-z0-9._/-]+$/.test(v) || /^https:\/\/\S+$/i.test(v),
    'Bild-Adresse: ein hochgeladenes Bild (/media/…) oder eine https-URL.',
  );

/**
 * A picture the back office saves (the campaign's key visual, a teaser's images): an `ImageDto` as
 * the upload answers it, checked more strictly than the answer (`imageSchema`, entities.ts): our
 * media or https, one-line texts, no unknown fields.
 */
export const campaignImageSchema = z.strictObject({
  fields: z.strictObject({
    title: z
      .string()
      .max(300)
      .refine((v) => isSingleLine(v), 'Bildtitel: bitte ohne Steuerzeichen.')
      .optional(),
    file: z.strictObject({
      url: imageUrl,
      contentType: z
        .string()
        .max(100)
        .refine((v) => isSingleLine(v), 'Bildtyp: bitte ohne Steuerzeichen.')
        .optional(),
      width: z.int().min(1).max(100_000).optional(),
      height: z.int().min(1).max(100_000).optional(),
    }),
  }),
  metadata: z
    .strictObject({
      thumbnails: z
        .array(z.strictObject({ url: imageUrl, width: z.int().min(1).max(100_000).optional(), format: z.string().max(20).optional() }))
        .max(10)
        .optional(),
    })
    .optional(),
});

/**
 * The campaign as the back office edits it (an answer: `ContentAdminDto.campaign`): '' for a text
 * that is not set, null without a key visual. All empty: the site shows its default claim
 * (`DEFAULT_CAMPAIGN`).
 */
export const campaignAdminSchema = z.object({
  claim: z.string(),
  subline: z.string(),
  prize: z.string(),
  image: imageSchema.nullable(),
});
export type CampaignAdminDto = z.infer<typeof campaignAdminSchema>;

/**
 * PUT /api/operator/content/campaign (admin) → ContentAdminDto. `expectedUpdatedAt` is the
 * year's `updatedAt` as loaded (`ContentAdminDto.teasersUpdatedAt`). A subline or prize needs a
 * claim (the pages show them only under the season's own claim); a key visual alone keeps the
 * default texts.
 */
export const saveCampaignInputSchema = z
  .strictObject({
    expectedUpdatedAt: z.string('fehlt').min(1, 'fehlt').max(100),
    claim: campaignLine('Claim', CAMPAIGN_LIMITS.claim),
    subline: campaignLine('Unterzeile', CAMPAIGN_LIMITS.subline),
    prize: campaignLine('Hauptpreis', CAMPAIGN_LIMITS.prize),
    image: campaignImageSchema.nullable(),
  })
  .superRefine((input, ctx) => {
    if (input.claim.trim() === '' && (input.subline.trim() !== '' || input.prize.trim() !== '')) {
      ctx.addIssue({
        code: 'custom',
        path: ['claim'],
        message:
          'Claim: ohne Claim zeigt die Startseite Unterzeile und Hauptpreis nicht. Gib einen Claim an oder leere die anderen Felder.',
      });
    }
  });
export type SaveCampaignInput = z.infer<typeof saveCampaignInputSchema>;

const isCalendarDay = (value: string) => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
};

/**
 * A challenge's `resultsDate` in its PATCH (challenges-admin): the day its results are expected,
 * `YYYY-MM-DD`, on or after its end (the server checks that); null clears it.
 */
export const resultsDateSchema = z
  .string('Datum erwartet.')
  .refine(isCalendarDay, 'Datum als JJJJ-MM-TT (ein Tag, den es gibt).')
  .nullable();
