import type { AdminChallengeSummaryDto } from '@erd/shared-contracts/backoffice';
import type { OperatorMessageDto, OperatorMessageFilter, OperatorMessageStatus } from '@erd/shared-contracts/schemas';

/** Where the screen lives in the back office (beside `backofficePaths`). */
export const MESSAGES_PATH = '/backoffice/nachrichten';

/** How often a message that is being sent is read again. */
export const POLL_MS = 3000;

export const SUBJECT_MAX = 150;
export const BODY_MAX = 5000;

export const messageTexts = {
  forbidden: 'Dafür fehlt dir die Berechtigung.',
  forbiddenHint: 'Nachrichten an alle Vereinskonten schreiben und senden nur Administratoren.',
  loading: 'Nachrichten werden geladen …',
  loadFailed: 'Die Nachrichten konnten gerade nicht geladen werden. Bitte versuche es gleich noch einmal.',
  none: 'Noch keine Nachricht geschrieben.',
  subjectRule: `Gib einen Betreff an (eine Zeile, bis ${SUBJECT_MAX} Zeichen).`,
  bodyRule: `Schreib einen Text (bis ${BODY_MAX} Zeichen).`,
  challengeRule: 'Wähle die Challenge.',
  failed: 'Das hat nicht geklappt. Bitte versuche es noch einmal.',
  saved: 'Entwurf gespeichert.',
  alreadySent: 'Diese Nachricht ist schon gesendet.',
  noRecipients: 'Zu diesem Filter passt gerade kein Konto: Die Nachricht ginge an niemanden.',
} as const;

export const STATUS_LABELS: Record<OperatorMessageStatus, string> = {
  draft: 'Entwurf',
  sending: 'Wird gesendet',
  sent: 'Gesendet',
};

export type TeamChoice = '' | 'm' | 'w';
export type ParticipationChoice = 'none' | 'participants' | 'non-participants';

export interface FilterDraft {
  team: TeamChoice;
  participation: ParticipationChoice;
  challengeId: string;
}

export const EMPTY_FILTER: FilterDraft = { team: '', participation: 'none', challengeId: '' };

/** The form's choices as the server's filter; null while a challenge is still to be chosen. */
export function filterOf(draft: FilterDraft): OperatorMessageFilter | null {
  if (draft.participation !== 'none' && !draft.challengeId) return null;
  return {
    ...(draft.team ? { team: draft.team } : {}),
    ...(draft.participation !== 'none' ? { challengeId: draft.challengeId, participated: draft.participation === 'participants' } : {}),
  };
}

export function draftOf(filter: OperatorMessageDto['filter']): FilterDraft {
  return {
    team: filter.team ?? '',
    participation: filter.challengeId === undefined ? 'none' : filter.participated ? 'participants' : 'non-participants',
    challengeId: filter.challengeId ?? '',
  };
}

/** 'Alle Vereinskonten', 'Damen · Teilnehmer von „Der beste Schlachtruf“'. */
export function describeFilter(
  filter: OperatorMessageDto['filter'],
  challenges: readonly Pick<AdminChallengeSummaryDto, 'id' | 'headline'>[],
): string {
  const parts: string[] = [];
  if (filter.team) parts.push(filter.team === 'm' ? 'Herren' : 'Damen');
  if (filter.challengeId !== undefined) {
    const headline = challenges.find((c) => c.id === filter.challengeId)?.headline ?? filter.challengeId;
    parts.push(`${filter.participated ? 'Teilnehmer' : 'Nicht-Teilnehmer'} von „${headline}“`);
  }
  return parts.length ? parts.join(' · ') : 'Alle Vereinskonten';
}

/** '1 Konto', '12 Konten'. */
export const accountsText = (n: number) => (n === 1 ? '1 Konto' : `${n.toLocaleString('de-DE')} Konten`);
