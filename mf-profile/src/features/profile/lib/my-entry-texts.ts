import { formatGermanNumber, resultsPendingText, type ChallengeDto } from '@erd/shared-contracts';
import type { MyEntryDto } from '@erd/shared-contracts/schemas';

/** The German words of 'Meine Teilnahmen' (issue 24). */

export type EntryKind = 'estimate' | 'goals' | 'slogan' | 'picture';

export function kindOf(entry: MyEntryDto): EntryKind {
  switch (entry.challenge.type) {
    case 'bfv-erd-estimate':
      return 'estimate';
    case 'bfv-erd-goals':
      return 'goals';
    case 'bfv-erd-text-vote':
      return 'slogan';
    case 'bfv-erd-picture-vote':
      return 'picture';
  }
}

export const kindLabels: Record<EntryKind, string> = { estimate: 'Schätzung', goals: 'Tore', slogan: 'Spruch', picture: 'Bild' };

/** What the number sent is called. */
export const numberLabels = { estimate: 'Deine Schätzung', goals: 'Eure Tore' } as const;

export const myEntriesTexts = {
  title: 'Meine Teilnahmen',
  loading: 'Deine Teilnahmen werden geladen …',
  loadFailed: 'Deine Teilnahmen konnten gerade nicht geladen werden. Bitte versuche es gleich noch einmal.',
  sessionEnded: 'Deine Sitzung ist abgelaufen. Bitte logge dich erneut ein, um deine Teilnahmen zu sehen.',
  empty: 'Noch keine Teilnahmen',
  emptyLink: 'zu den Challenges',
  emptyHint: 'Schätzen, Tore melden, Sprüche und Bilder einreichen: Bei jeder Challenge kann dein Verein Punkte sammeln.',
  pending: 'Wird geprüft',
  published: 'Veröffentlicht',
  /** An estimate or goals number: stored at once, never public. */
  saved: 'Gespeichert',
  rejected: 'Nicht freigegeben',
  pendingHint: 'Wird in Kürze freigeschaltet: Wir prüfen jeden Beitrag, bevor er öffentlich wird.',
  changeable: 'Änderbar bis zum Ende der Challenge.',
  submitAgain: 'Neu einreichen',
  change: 'Ändern',
  open: 'Zum Beitrag',
  /** Opens the share kit (its own 'Teilen' is the device share). */
  share: 'Teile deinen Beitrag',
  shareLoading: 'Teilen wird geladen …',
  shareFailed: 'Teilen ist gerade nicht möglich. Bitte versuche es später noch einmal.',
} as const;

/** 'Wird geprüft' / 'Veröffentlicht' (estimates: 'Gespeichert') / 'Nicht freigegeben: {Grund}'. */
export function stateLabel(entry: MyEntryDto): string {
  switch (entry.state) {
    case 'pending':
      return myEntriesTexts.pending;
    case 'published':
      return kindOf(entry) === 'estimate' || kindOf(entry) === 'goals' ? myEntriesTexts.saved : myEntriesTexts.published;
    case 'rejected':
      return entry.rejectionReason ? `${myEntriesTexts.rejected}: ${entry.rejectionReason}` : myEntriesTexts.rejected;
  }
}

const counted = (n: number, one: string, many: string) => `${formatGermanNumber(n)} ${n === 1 ? one : many}`;

export const votesText = (votes: number) => counted(votes, 'Stimme', 'Stimmen');

/** 'Platz 3 · 8 Punkte', or 'Keine Punkte' when the club is not in the published table. */
export function resultText(result: NonNullable<MyEntryDto['result']>): string {
  if (result.place === null) return 'Keine Punkte';
  return `Platz ${formatGermanNumber(result.place)} · ${counted(result.points, 'Punkt', 'Punkte')}`;
}

/** 'Ergebnisse ab 9.5.' / 'Ergebnisse folgen in Kürze': the campaign contracts' one text for it. */
export function pendingResultsText(entry: MyEntryDto): string {
  const { resultsDate } = entry.challenge;
  return resultsPendingText({ fields: resultsDate ? { resultsDate } : {} } as ChallengeDto);
}

/**
 * The prefilled WhatsApp text of an entry's share kit: while voting runs it asks for votes, after
 * that it shows the entry off (as the entry page's kit does).
 */
export function entryShareText({ productName, entry, url }: { productName: string; entry: MyEntryDto; url: string }): string {
  const what = kindOf(entry) === 'picture' ? 'unser Bild' : 'unseren Spruch';
  const { headline, ended } = entry.challenge;
  return ended
    ? `Schau dir ${what} bei der ${productName} an! ${headline}: ${url}`
    : `Stimm bei der ${productName} für ${what} ab! Jede Stimme zählt. ${headline}: ${url}`;
}
