import type { OperatorParticipationDto } from '@erd/shared-contracts';
import type { ModerationDecisionResultDto } from '@erd/shared-contracts/backoffice';
import { entryPhrase } from '../../../lib/format';

export const moderationTexts = {
  empty: 'Keine Beiträge warten auf Prüfung.',
  emptyHint: 'Neue Sprüche und Bilder erscheinen hier, sobald Vereine sie einreichen. „Aktualisieren“ lädt die Liste neu.',
  loading: 'Beiträge werden geladen …',
  loadFailed: 'Die Beiträge konnten gerade nicht geladen werden. Bitte versuche es gleich noch einmal.',
  reloadFailed: 'Die Liste konnte gerade nicht neu geladen werden; sie zeigt vielleicht schon Bearbeitetes.',
  publishFailed: 'Der Beitrag konnte nicht freigegeben werden. Bitte versuche es noch einmal.',
  alreadyHandled: 'Dieser Beitrag wurde inzwischen schon bearbeitet. Die Liste ist neu geladen.',
  gone: 'Diesen Beitrag gibt es nicht mehr. Die Liste ist neu geladen.',
} as const;

export const waiting = (total: number) => (total === 1 ? '1 Beitrag wartet auf Prüfung.' : `${total} Beiträge warten auf Prüfung.`);
export const oldestShown = (shown: number) => `Die ältesten ${shown} werden angezeigt; bearbeitete machen Platz für die nächsten.`;
export const beitraege = (n: number) => (n === 1 ? '1 Beitrag' : `${n} Beiträge`);
const ist = (n: number) => (n === 1 ? 'ist' : 'sind');
const war = (n: number) => (n === 1 ? 'war' : 'waren');

/**
 * The German sentence about a decision on one or several entries: what was done, and honestly
 * what was not (another operator was faster, or the entry is gone).
 */
export function outcomeMessage(result: ModerationDecisionResultDto, entries: readonly OperatorParticipationDto[]): string {
  const done = result.items.filter((item) => item.outcome === 'published' || item.outcome === 'rejected').length;
  const decided = result.items.filter((item) => item.outcome === 'already-decided').length;
  const missing = result.items.filter((item) => item.outcome === 'not-found').length;
  if (result.items.length === 1) {
    const entry = entries.find((e) => e.id === result.items[0]!.id);
    if (done === 1 && entry)
      return result.decision === 'publish' ? `${entryPhrase(entry)} ist freigegeben.` : `${entryPhrase(entry)} ist abgelehnt und gelöscht.`;
    return decided ? moderationTexts.alreadyHandled : moderationTexts.gone;
  }
  const verb = result.decision === 'publish' ? 'freigegeben' : 'abgelehnt und gelöscht';
  const parts = [done === 0 ? `Kein Beitrag ist ${verb}.` : `${beitraege(done)} ${ist(done)} ${verb}.`];
  if (decided) parts.push(`${beitraege(decided)} ${war(decided)} schon von jemand anderem bearbeitet.`);
  if (missing) parts.push(`${beitraege(missing)} gibt es nicht mehr.`);
  if (decided || missing) parts.push('Die Liste ist neu geladen.');
  return parts.join(' ');
}
