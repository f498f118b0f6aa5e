import { OPERATOR_PASSWORD_MIN_LENGTH, type OperatorErrorCode, type OperatorRole } from '@erd/shared-contracts/backoffice';
import { reasonTexts } from '../../../lib/reason';

export const roleLabels: Record<OperatorRole, string> = { moderator: 'Moderation', admin: 'Administration' };

export const operatorTexts = {
  forbidden: 'Dafür fehlt dir die Berechtigung.',
  forbiddenHint: 'Operatoren verwalten nur Administratoren.',
  loading: 'Operatoren werden geladen …',
  loadFailed: 'Die Operatoren konnten gerade nicht geladen werden. Bitte versuche es gleich noch einmal.',
  email: 'Gib eine gültige E-Mail-Adresse an.',
  password: `Das Passwort braucht mindestens ${OPERATOR_PASSWORD_MIN_LENGTH} Zeichen mit Groß- und Kleinbuchstaben, einer Ziffer und einem der Zeichen #?!@$ %^&*-.`,
  exists: 'Für diese E-Mail-Adresse gibt es schon einen Operator.',
  lastAdmin: 'Es muss mindestens ein aktiver Admin bleiben.',
  selfDisable: 'Du kannst dich nicht selbst deaktivieren.',
  notFound: 'Diesen Operator gibt es nicht mehr. Die Liste ist neu geladen.',
  sameRole: 'Wähle eine andere Rolle als die bisherige.',
  reason: reasonTexts.rule,
  failed: 'Das hat gerade nicht geklappt. Bitte versuche es noch einmal.',
  tooMany: 'Zu viele Versuche. Bitte versuche es später erneut.',
} as const;

/** The server's refusals of a change by their code (the contracts' `OperatorErrorCode`), in German. */
const refusals: Partial<Record<OperatorErrorCode, string>> = {
  LastAdmin: operatorTexts.lastAdmin,
  SelfDisable: operatorTexts.selfDisable,
  OperatorExists: operatorTexts.exists,
  NotFound: operatorTexts.notFound,
  LimitExceeded: operatorTexts.tooMany,
  Forbidden: operatorTexts.forbidden,
};

/** The server's refusals of a change, in German (409 and 404 by their code); null for any other code. */
export function refusalText(code: string): string | null {
  return Object.hasOwn(refusals, code) ? (refusals[code as OperatorErrorCode] ?? null) : null;
}
