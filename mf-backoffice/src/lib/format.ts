import { TEAM_LABELS, type OperatorParticipationDto } from '@erd/shared-contracts';

const dateTime = new Intl.DateTimeFormat('de-DE', {
  timeZone: 'Europe/Berlin',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

/** '05.05.2026, 14:30 Uhr' in German time; the text itself when it is no date. */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : `${dateTime.format(date)} Uhr`;
}

/** 'TSV Eching (Herren)'. */
export function clubLabel(club: OperatorParticipationDto['club']): string {
  return `${club.clubname} (${TEAM_LABELS[club.team] ?? club.team})`;
}

/** 'Spruch' or 'Bild'. */
export function entryKind(entry: Pick<OperatorParticipationDto, 'objectTypeId'>): 'Spruch' | 'Bild' {
  return entry.objectTypeId === 'bfv-erd-picture-participation' ? 'Bild' : 'Spruch';
}

/** 'Der Spruch von TSV Eching (Herren)' / 'Das Bild von …', for sentences about an entry. */
export function entryPhrase(entry: Pick<OperatorParticipationDto, 'objectTypeId' | 'club'>, capital = true): string {
  const article = entryKind(entry) === 'Bild' ? 'das' : 'der';
  const start = capital ? article[0]!.toUpperCase() + article.slice(1) : article;
  return `${start} ${entryKind(entry)} von ${clubLabel(entry.club)}`;
}
