import { AUDIT_ACTIONS, type AuditAction } from '@erd/shared-contracts/backoffice';

/** The audit log's actions in German (the 'Überblick' and 'Protokoll' screens); an unknown action shows its name. */
export const auditActionLabels: Record<AuditAction, string> = {
  publish: 'Beitrag freigegeben',
  reject: 'Beitrag abgelehnt',
  'remove-votes': 'Stimmen entfernt',
  'results-answer': 'Richtige Antwort gesetzt',
  'results-publish': 'Ergebnisse veröffentlicht',
  'operator-add': 'Operator angelegt',
  'operator-role': 'Rolle geändert',
  'operator-disable': 'Operator gesperrt',
  'operator-enable': 'Operator entsperrt',
  'password-change': 'Passwort geändert',
  'password-reset': 'Passwort zurückgesetzt (Kommandozeile)',
  'challenge-update': 'Challenge geändert',
  'media-upload': 'Bild hochgeladen',
  'clubs-import': 'Vereine importiert',
  'club-logo': 'Vereinslogo geändert',
  'newsletter-unsubscribe': 'Newsletter abgemeldet',
  'account-resend-code': 'Code erneut gesendet',
  'account-block': 'Konto gesperrt',
  'account-unblock': 'Konto entsperrt',
  'account-delete': 'Konto gelöscht',
  'content-update': 'Inhalte geändert',
  'newsletter-export': 'Newsletter-Adressen exportiert',
  'newsletter-list': 'Newsletter-Adressen angesehen',
  'operator-lock': 'Anmeldung gesperrt (falsche Passwörter)',
  'club-fans-export': 'Fan-Adressen exportiert',
  'message-send': 'Nachricht gesendet',
  'season-create': 'Saison angelegt',
  'season-copy': 'Saison kopiert',
  'season-switch': 'Öffentliche Saison gewechselt',
  'season-challenge-create': 'Challenge angelegt',
  'season-challenge-duplicate': 'Challenge dupliziert',
  'season-challenge-remove': 'Challenge entfernt',
  'season-challenge-withdraw': 'Challenge zurückgezogen',
  'season-challenge-restore': 'Challenge wiederhergestellt',
  'season-challenge-order': 'Reihenfolge der Challenges geändert',
  'season-preview': 'Saison-Vorschau geöffnet',
};

export const AUDIT_ACTION_LIST: readonly AuditAction[] = AUDIT_ACTIONS;

export function auditActionLabel(action: string): string {
  return (auditActionLabels as Record<string, string>)[action] ?? action;
}

/** What an audit row is about, in German; an unknown kind shows its name. */
const subjectTypeLabels: Record<string, string> = {
  participation: 'Beitrag',
  challenge: 'Challenge',
  operator: 'Operator',
  club: 'Verein',
  clubs: 'Vereine',
  account: 'Konto',
  'newsletter-subscription': 'Newsletter-Adresse',
  newsletter: 'Newsletter',
  content: 'Inhalt',
  media: 'Bild',
  vote: 'Stimme',
  votes: 'Stimmen',
  'operator-message': 'Nachricht',
  year: 'Saison',
};

export function subjectTypeLabel(type: string): string {
  return subjectTypeLabels[type] ?? type;
}
