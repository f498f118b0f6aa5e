import { isApiError } from '@erd/shared-contracts';
import {
  CONTENT_LIMITS,
  TEASER_KEYS,
  type CampaignAdminDto,
  type LegalPageKey,
  type TeaserAdminDto,
  type TeaserKey,
} from '@erd/shared-contracts/backoffice';
import { CAMPAIGN_LIMITS, DEFAULT_CAMPAIGN } from '@erd/shared-contracts/wire';

export const contentTexts = {
  loadFailed: 'Die Inhalte konnten nicht geladen werden.',
  saved:
    'Gespeichert. Die öffentlichen Seiten zeigen es spätestens nach einer Minute (so lange dürfen Browser die Inhalte zwischenspeichern).',
  saveFailed: 'Speichern hat nicht geklappt. Bitte versuche es noch einmal.',
  fix: 'Bitte korrigiere die markierten Felder.',
  headline: 'Die Überschrift darf nicht leer sein.',
  legalEmpty: 'Der Text darf nicht leer sein.',
  oneLine: 'Bitte in einer Zeile, ohne Zeilenumbruch.',
  tooLong: (max: number) => `Höchstens ${max.toLocaleString('de-DE')} Zeichen.`,
  claimMissing: 'Ohne Claim zeigt die Startseite Unterzeile und Hauptpreis nicht: gib einen Claim an oder leere die beiden Felder.',
  campaignIntro: `Der erste Bildschirm der Startseite: Claim, Unterzeile, Hauptpreis und Titelbild. Ohne Claim steht dort „${DEFAULT_CAMPAIGN.claim}“.`,
  campaignImage:
    'Am besten ein Foto im Querformat, mindestens 1600 Pixel breit; der Text steht darüber. Ohne Bild zeigt die Startseite die Spielfeld-Grafik.',
  tooManyImages: (max: number) => (max === 1 ? 'Höchstens ein Bild: entferne eines.' : `Höchstens ${max} Bilder: entferne eines.`),
} as const;

export const teaserLabels: Record<TeaserKey, string> = { teaser1: 'Einstieg', teaser2: 'So läuft es', teaserPrizes: 'Preise' };
export const legalLabels: Record<LegalPageKey, string> = {
  terms: 'Teilnahmebedingungen',
  dataProtection: 'Datenschutz',
  imprint: 'Impressum',
};
export const legalPaths: Record<LegalPageKey, string> = { terms: '/terms', dataProtection: '/dataProtection', imprint: '/imprint' };

/** Which fields the home page shows per teaser (spec §2); the others are kept as they are. */
export const TEASER_FIELDS: Record<TeaserKey, { subheadline: boolean; description: boolean }> = {
  teaser1: { subheadline: true, description: false },
  teaser2: { subheadline: false, description: true },
  teaserPrizes: { subheadline: true, description: false },
};

export type FormPart = 'campaign' | 'banner' | 'teasers' | 'legal';
export type Message = { tone: 'error' | 'success'; text: string } | null;
export type Errors = Record<string, string>;

export const multiline = /[\r\n\u2028\u2029\t]/;
export function lineError(value: string, max: number): string | undefined {
  if (value.length > max) return contentTexts.tooLong(max);
  if (multiline.test(value)) return contentTexts.oneLine;
  return undefined;
}

export function checkCampaign(campaign: CampaignAdminDto): Errors {
  const errors: Errors = {};
  for (const key of ['claim', 'subline', 'prize'] as const) {
    const problem = lineError(campaign[key], CAMPAIGN_LIMITS[key]);
    if (problem) errors[key] = problem;
  }
  if (!errors.claim && !campaign.claim.trim() && (campaign.subline.trim() || campaign.prize.trim()))
    errors.claim = contentTexts.claimMissing;
  return errors;
}

export function checkTeasers(teasers: Record<TeaserKey, TeaserAdminDto>): Errors {
  const errors: Errors = {};
  for (const key of TEASER_KEYS) {
    const t = teasers[key];
    const set = (field: string, message: string | undefined) => message && (errors[`${key}.${field}`] = message);
    set('headline', t.headline.trim() ? lineError(t.headline, CONTENT_LIMITS.headline) : contentTexts.headline);
    set('subheadline', lineError(t.subheadline, CONTENT_LIMITS.subheadline));
    set('text', t.text.length > CONTENT_LIMITS.teaserText ? contentTexts.tooLong(CONTENT_LIMITS.teaserText) : undefined);
    set('description', t.description.length > CONTENT_LIMITS.description ? contentTexts.tooLong(CONTENT_LIMITS.description) : undefined);
    set('images', t.images.length > CONTENT_LIMITS.images[key] ? contentTexts.tooManyImages(CONTENT_LIMITS.images[key]) : undefined);
  }
  return errors;
}

/** The server's 400 as errors by field (`teasers.teaser1.images.0.fields.file.url` → `teaser1.images`), 409 and others as a message. */
export function failure(error: unknown, fieldOf: (serverField: string) => string): { errors: Errors; message: string } {
  const body = isApiError(error)
    ? (error.data as { message?: string; field?: string | null; problems?: { field: string; message: string }[] } | undefined)
    : undefined;
  if (isApiError(error) && error.status === 400 && body?.message) {
    const errors: Errors = {};
    for (const p of body.problems ?? [{ field: body.field ?? '', message: body.message }]) {
      const field = fieldOf(p.field ?? '');
      if (field && !errors[field]) errors[field] = p.message;
    }
    return { errors, message: Object.keys(errors).length ? contentTexts.fix : body.message };
  }
  if (isApiError(error) && error.status === 409 && body?.message) return { errors: {}, message: body.message };
  return { errors: {}, message: contentTexts.saveFailed };
}

export const cloneTeasers = (teasers: Record<TeaserKey, TeaserAdminDto>) =>
  JSON.parse(JSON.stringify(teasers)) as Record<TeaserKey, TeaserAdminDto>;

export const teaserField = (field: string) => {
  const parts = field.replace(/^teasers\./, '').split('.');
  return parts.slice(0, 2).join('.');
};

/** Why the content could not be loaded: the server's message for a missing season (404), else the general one. */
export const loadFailure = (error: unknown) =>
  isApiError(error) && error.status === 404
    ? ((error.data as { message?: string } | undefined)?.message ?? contentTexts.loadFailed)
    : contentTexts.loadFailed;
