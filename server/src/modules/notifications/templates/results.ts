import { formatGermanNumber, paths } from '@erd/shared-contracts/wire';
import type { MailBlock } from '../../mail/mjml.js';
import { challengeOf } from './entries.js';
import { defineTemplate } from './types.js';

/**
 * The results notification mails (issue 25, kind 'results'). The numbers come frozen with the
 * publication (the trigger computed them from the published version); the challenge is read when
 * the mail goes, and one removed meanwhile cancels it.
 */

export interface ResultsPublishedParams {
  challengeId: string;
  version: number;
  /** A correction (version after the first): only clubs whose place changed get it. */
  corrected: boolean;
  /** The club's place and points in the challenge; null: no longer in the table (a correction). */
  place: number | null;
  points: number | null;
  /** Rows of the table. */
  participants: number;
  /** A correction: the place in the version before (null: not in it). */
  previousPlace: number | null;
  /** The overall table after this publication (null: not in it, no points yet) and before it. */
  overallPlace: number | null;
  overallPoints: number | null;
  previousOverallPlace: number | null;
  votes?: number;
  estimate?: number;
  rightAnswer?: number;
}

const n = formatGermanNumber;
const pointsText = (points: number) => (points === 1 ? '1 Punkt' : `${n(points)} Punkte`);
/** After 'mit' (dative): '1 Punkt', '65 Punkten'. */
const withPoints = (points: number) => (points === 1 ? 'mit 1 Punkt' : `mit ${n(points)} Punkten`);

/** How the overall place moved: 'von Platz 7 auf Platz 4', 'unverändert', 'neu auf Platz 12'. */
export function overallMove(before: number | null, after: number | null): string {
  if (after === null)
    return before === null ? 'noch nicht in der Gesamttabelle' : `nicht mehr in der Gesamttabelle (vorher Platz ${before})`;
  if (before === null) return `neu auf Platz ${after}`;
  if (before === after) return 'unverändert';
  return `von Platz ${before} auf Platz ${after}`;
}

function factsOf(p: ResultsPublishedParams): MailBlock {
  const rows: Array<readonly [string, string]> = [];
  if (p.place !== null) rows.push(['Euer Platz', `${p.place} von ${n(p.participants)}`], ['Eure Punkte', n(p.points ?? 0)]);
  if (p.votes !== undefined) rows.push(['Stimmen', n(p.votes)]);
  if (p.estimate !== undefined) rows.push(['Eure Antwort', n(p.estimate)]);
  if (p.rightAnswer !== undefined) rows.push(['Richtige Antwort', n(p.rightAnswer)]);
  rows.push(
    ['Gesamttabelle', p.overallPlace !== null ? `Platz ${p.overallPlace} ${withPoints(p.overallPoints ?? 0)}` : 'noch ohne Punkte'],
    ['Veränderung', overallMove(p.previousOverallPlace, p.overallPlace)],
  );
  return { type: 'facts', rows };
}

export const RESULT_TEMPLATES = {
  /** A challenge's results were published (or corrected): the club's place, points and overall standing. */
  'results-published': defineTemplate<ResultsPublishedParams>({
    async render(p, { ctx, url }) {
      const challenge = await challengeOf(ctx, p.challengeId);
      if (!challenge) return null;
      const headline = challenge.headline;
      const button: MailBlock = { type: 'button', label: 'Zur Tabelle', href: url(paths.challengeStandings(challenge.id)) };
      const overallLine =
        p.overallPlace === null
          ? ''
          : p.previousOverallPlace === p.overallPlace
            ? ` In der Gesamttabelle bleibt ihr auf Platz ${p.overallPlace}.`
            : p.previousOverallPlace === null
              ? ` In der Gesamttabelle steht ihr jetzt auf Platz ${p.overallPlace}.`
              : ` In der Gesamttabelle geht es ${overallMove(p.previousOverallPlace, p.overallPlace)}.`;

      if (p.corrected) {
        const what =
          p.place === null
            ? `Euer Beitrag steht nach der Korrektur nicht mehr in der Wertung dieser Challenge${p.previousPlace !== null ? ` (vorher Platz ${p.previousPlace})` : ''}.`
            : p.previousPlace === null
              ? `Ihr steht jetzt auf Platz ${p.place} von ${n(p.participants)} und bekommt ${pointsText(p.points ?? 0)}.`
              : `Ihr steht jetzt auf Platz ${p.place} statt auf Platz ${p.previousPlace} und bekommt ${pointsText(p.points ?? 0)}.`;
        return {
          subject:
            p.place !== null ? `Ergebnis korrigiert: jetzt Platz ${p.place} bei „${headline}“` : `Ergebnis korrigiert bei „${headline}“`,
          preheader: `Wir haben die Ergebnisse korrigiert. Gesamttabelle: ${overallMove(p.previousOverallPlace, p.overallPlace)}.`,
          blocks: [
            { type: 'heading', text: 'Ergebnis korrigiert' },
            { type: 'p', text: `wir haben die Ergebnisse der Challenge „${headline}“ korrigiert, und dabei hat sich euer Platz geändert.` },
            { type: 'p', text: `${what}${overallLine}` },
            factsOf(p),
            { type: 'p', text: 'Entschuldige das Hin und Her. Die Tabelle zeigt ab sofort den korrigierten Stand.' },
            button,
          ],
        };
      }

      if (p.place === null) return null;
      const podium = p.place <= 3 ? ' Glückwunsch, ihr steht auf dem Treppchen!' : '';
      return {
        subject: `Platz ${p.place} bei „${headline}“ – die Ergebnisse sind da`,
        preheader: `${pointsText(p.points ?? 0)} für euch. Gesamttabelle: ${overallMove(p.previousOverallPlace, p.overallPlace)}.`,
        blocks: [
          { type: 'heading', text: 'Die Ergebnisse sind da' },
          {
            type: 'p',
            text: `die Ergebnisse der Challenge „${headline}“ sind veröffentlicht: Ihr habt Platz ${p.place} von ${n(p.participants)} erreicht und ${pointsText(p.points ?? 0)} geholt.${podium}${overallLine}`,
          },
          factsOf(p),
          {
            type: 'p',
            text: 'Jede Challenge bringt neue Punkte. Seid bei der nächsten wieder dabei, dann geht es in der Gesamttabelle weiter nach oben.',
          },
          button,
        ],
      };
    },
  }),
} as const;
