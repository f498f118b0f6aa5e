import type { ImageDto, PointsRowDto } from '@erd/shared-contracts/wire';
import { reasonTexts } from '../../../lib/reason';
import { DATE_FIELDS, type AdminChallengeDto, type DateField } from '../api/types';
import { germanDay } from './labels';
import { fromPlaces, type PointsFormRow } from './points-table-editor';

export const editTexts = {
  loadFailed: 'Die Challenge konnte nicht geladen werden.',
  notFound: 'Diese Challenge gibt es nicht.',
  saved: 'Gespeichert.',
  saveFailed: 'Speichern hat nicht geklappt. Bitte versuche es noch einmal.',
  fix: 'Bitte korrigiere die markierten Felder.',
  headline: 'Die Überschrift darf nicht leer sein.',
  toPlace: 'Eine ganze Zahl ab dem ersten Platz dieser Zeile.',
  points: 'Eine ganze Zahl ab 0.',
  date: 'Bitte gib ein Datum an.',
  reason: reasonTexts.rule,
  imageType: 'Erlaubt sind JPEG, PNG oder WEBP.',
  imageSize: 'Das Bild ist zu groß (höchstens 10 MB).',
  imageFailed: 'Das Bild konnte nicht hochgeladen werden.',
  resultsDate: 'Ergebnisse erwartet am',
  resultsDateHint:
    'Leer lassen, solange der Tag offen ist. Bis die Ergebnisse veröffentlicht sind, zeigt die Seite „Ergebnisse ab …“ statt „Ergebnisse folgen in Kürze“.',
  resultsDatePublished: 'Die Ergebnisse sind veröffentlicht: die Seite zeigt sie, der Tag erscheint nicht mehr.',
  resultsDateEarly: (end: string) => `Frühestens am letzten Tag der Challenge (${germanDay(end)}).`,
} as const;

/** The challenge page shows up to four prize pictures (spec §3). */
export const PRIZE_IMAGES_SHOWN = 4;

export const TEXT_FIELDS = ['headline', 'teasertitle', 'teasertext', 'question', 'footnote'] as const;
export type TextKey = (typeof TEXT_FIELDS)[number];

export interface FormState {
  texts: Record<TextKey, string>;
  dates: Partial<Record<DateField, string>>;
  rows: PointsFormRow[];
  scoring: 'highest' | 'closest' | null;
  teaserImage: ImageDto | null;
  /** The prize pictures (null: the challenge has no prizes, they come from the season file). */
  prizeImages: ImageDto[] | null;
  /** 'Ergebnisse erwartet am' (`YYYY-MM-DD`); '' = not said. */
  resultsDate: string;
}

export const toRows = (points: PointsRowDto[]): PointsFormRow[] =>
  points.map((p, i) => ({ key: i + 1, toPlace: p.toPlace === null ? '' : String(p.toPlace), points: String(p.points) }));

export function formOf(c: AdminChallengeDto): FormState {
  return {
    texts: {
      headline: c.headline,
      teasertitle: c.teasertitle ?? '',
      teasertext: c.teasertext ?? '',
      question: c.question ?? '',
      footnote: c.footnote ?? '',
    },
    dates: Object.fromEntries(DATE_FIELDS.filter((k) => c[k] !== null).map((k) => [k, c[k] as string])),
    rows: toRows(c.points),
    scoring: c.scoring,
    teaserImage: c.teaserImage,
    prizeImages: c.prizes ? c.prizes.images : null,
    resultsDate: c.resultsDate ?? '',
  };
}

const WHOLE = /^\d{1,9}$/;

/** Checks the form as the server will; answers the points table and the errors by field. */
export function check(form: FormState): { points: PointsRowDto[]; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  if (!form.texts.headline.trim()) errors.headline = editTexts.headline;
  for (const [key, value] of Object.entries(form.dates)) if (!value) errors[key] = editTexts.date;
  const end = form.dates.endDate;
  if (form.resultsDate && end && form.resultsDate < end) errors.resultsDate = editTexts.resultsDateEarly(end);
  const starts = fromPlaces(form.rows);
  const points: PointsRowDto[] = form.rows.map((row, i) => {
    const last = i === form.rows.length - 1;
    const to = Number(row.toPlace);
    if (!last && (!WHOLE.test(row.toPlace) || to < starts[i]!)) errors[`points.${i}.toPlace`] = editTexts.toPlace;
    if (!WHOLE.test(row.points)) errors[`points.${i}.points`] = editTexts.points;
    return { fromPlace: starts[i]!, toPlace: last ? null : to, points: Number(row.points) };
  });
  return { points, errors };
}
