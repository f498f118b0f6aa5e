import { TEAM_LABELS, type ResultChallengeDto, type ResultVersionDto, type StandingRowDto } from '@erd/shared-contracts/wire';

/** Plain-text views of the results for the command line (`cli.ts results …`). */

const RANKING_LABELS = { closest: 'am nächsten an der richtigen Antwort', highest: 'höchste Zahl', votes: 'Stimmen' } as const;

function pad(value: string, width: number, right = false): string {
  return right ? value.padStart(width) : value.padEnd(width);
}

/** One line per row: place, club (number, team), the club's figure, points. */
export function formatRows(rows: readonly StandingRowDto[]): string {
  if (!rows.length) return '  (keine Zeilen)';
  return rows
    .map((row) => {
      const figure = row.votes !== undefined ? `${row.votes} Stimmen` : row.estimate !== undefined ? `Zahl ${row.estimate}` : '';
      const club = `${row.club.clubname} (${row.club.clubnumber}, ${TEAM_LABELS[row.club.team]})`;
      return `  ${pad(`${row.place}.`, 6, true)}  ${pad(club, 48)}  ${pad(figure, 16)}  ${pad(String(row.points), 5, true)} P.`;
    })
    .join('\n');
}

export function formatChallenge(c: ResultChallengeDto): string {
  const answer = c.needsAnswer ? ` · richtige Antwort: ${c.rightAnswer ?? 'fehlt'}` : '';
  const published = c.published
    ? `veröffentlicht v${c.published.version} (${c.published.publishedAt}, ${c.published.publishedBy})`
    : 'nicht veröffentlicht';
  const state = c.ended ? 'beendet' : `läuft (${c.timeState}), veröffentlichbar ab ${c.publishableFrom}`;
  return `#${c.number} ${c.challengeId}  ${c.headline}\n    ${c.objectTypeId} · Wertung: ${RANKING_LABELS[c.ranking]}${answer} · ${c.participants} Teilnahmen · ${state} · ${published}`;
}

export function formatVersion(v: ResultVersionDto): string {
  const head = `v${v.version}  ${v.publishedAt}  ${v.publishedBy}${v.reason ? `  Grund: ${v.reason}` : ''}  ${v.etag}`;
  return `${head}\n${formatRows(v.rows)}`;
}
