/**
 * Issue 25: the kinds of notification a club account can switch off in 'Benachrichtigungen' (all on
 * by default: they are about the account's own participation, not advertising). Codes and security
 * mails are not among them: they always go.
 */
export const ACCOUNT_NOTIFICATION_KINDS = ['challenges', 'entries', 'results', 'messages'] as const;
export type AccountNotificationKind = (typeof ACCOUNT_NOTIFICATION_KINDS)[number];

export const NOTIFICATION_KIND_TEXTS: Record<AccountNotificationKind, { label: string; description: string }> = {
  challenges: {
    label: 'Challenges und Erinnerungen',
    description:
      'Wenn eine Challenge startet, zwei Tage vor Einsendeschluss, wenn ihr noch nichts eingereicht habt, und wenn die Abstimmung beginnt.',
  },
  entries: {
    label: 'Meine Beiträge',
    description: 'Wenn euer Beitrag eingegangen, veröffentlicht oder abgelehnt ist und wenn Stimmen entfernt wurden.',
  },
  results: {
    label: 'Ergebnisse',
    description: 'Euer Platz und eure Punkte, sobald die Ergebnisse einer Challenge feststehen, und euer Endplatz zum Saisonende.',
  },
  messages: {
    label: 'Nachrichten der Veranstalter',
    description: 'Hinweise des Teams der Punktejagd an die Vereine.',
  },
};

export function isAccountNotificationKind(value: unknown): value is AccountNotificationKind {
  return typeof value === 'string' && (ACCOUNT_NOTIFICATION_KINDS as readonly string[]).includes(value);
}
