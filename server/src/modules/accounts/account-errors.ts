import { accountErrorCodeSchema } from '@erd/shared-contracts/schemas';
import { CodedError } from '../../errors.js';
import { CognitoUnavailableError } from '../identity/cognito-client.js';
import { IdentityError } from '../identity/errors.js';

/**
 * The accounts calls' texts and the mapping of identity errors (built-in service or Cognito, same
 * vocabulary) to the statuses and codes of shared-contracts `accounts.ts`, so the screens show the
 * same texts whichever provider holds the accounts.
 */

export const MESSAGES = {
  clubNotFound: 'Der gewählte Verein wurde nicht gefunden.',
  clubTaken: 'Für den gewählten Verein existiert bereits eine Anmeldung.',
  emailExists: 'Die E-Mail-Adresse ist bereits vergeben.',
  emailNotConfirmed: 'Die E-Mail-Adresse muss noch bestätigt werden.',
  userNotFound: 'Zu dieser E-Mail-Adresse gibt es kein Konto.',
  codeMismatch: 'Der Code ist nicht richtig.',
  codeExpired: 'Der Code ist abgelaufen. Fordere einen neuen Code an.',
  codeDead: 'Zu viele Versuche mit diesem Code. Fordere einen neuen Code an.',
  resendTooSoon: 'Du kannst höchstens einmal pro Minute einen neuen Code anfordern.',
  tooManyRequests: 'Zu viele Anfragen. Bitte versuche es später erneut.',
  password: 'Das Passwort muss mindestens 8 Zeichen lang sein und einen Groß- und Kleinbuchstaben, Ziffer und Sonderzeichen enthalten',
  staleProfile: 'Deine Daten wurden inzwischen geändert. Bitte lade die Seite neu.',
  noProfile: 'Zu diesem Konto gibt es kein Profil.',
  passwordChangeUnavailable: 'Das Passwort kann hier gerade nicht geändert werden. Nutze bitte „Passwort vergessen“ bei der Anmeldung.',
  identityUnavailable: 'Die Anmeldung ist gerade nicht erreichbar. Bitte versuche es später erneut.',
} as const;

const codes = accountErrorCodeSchema.enum;

export function emailExistsError(status: 'UNCONFIRMED' | 'CONFIRMED'): CodedError {
  return status === 'CONFIRMED'
    ? new CodedError(409, codes.EmailExists, MESSAGES.emailExists)
    : new CodedError(409, codes.EmailNotConfirmed, MESSAGES.emailNotConfirmed);
}

/**
 * The identity errors as the account screens expect them (spec §8): "already confirmed" is 400
 * with code and message `NotAuthorizedException`; other code problems are 400; a resend within the
 * minute is 429; an unknown user 404 (the built-in path checks that itself; a Cognito pool says so
 * unless it prevents user existence errors). An unreachable Cognito is 503 `IdentityUnavailable`.
 */
export function accountError(error: unknown, when: 'code-entry' | 'code-request'): unknown {
  if (error instanceof CognitoUnavailableError) return new CodedError(503, codes.IdentityUnavailable, MESSAGES.identityUnavailable);
  if (!(error instanceof IdentityError)) return error;
  switch (error.type) {
    case 'NotAuthorizedException':
      return new CodedError(400, codes.NotAuthorizedException, 'NotAuthorizedException');
    case 'CodeMismatchException':
      return new CodedError(400, codes.CodeMismatchException, MESSAGES.codeMismatch);
    case 'ExpiredCodeException':
      return new CodedError(400, codes.ExpiredCodeException, MESSAGES.codeExpired);
    case 'LimitExceededException':
      return when === 'code-request'
        ? new CodedError(429, codes.LimitExceededException, MESSAGES.resendTooSoon)
        : new CodedError(400, codes.LimitExceededException, MESSAGES.codeDead);
    case 'TooManyRequestsException':
      return new CodedError(429, codes.LimitExceededException, MESSAGES.tooManyRequests);
    case 'InvalidPasswordException':
      return new CodedError(400, codes.InvalidPasswordException, MESSAGES.password);
    case 'InvalidParameterException':
      return new CodedError(400, codes.NotAuthorizedException, 'NotAuthorizedException');
    case 'UserNotFoundException':
      return new CodedError(404, codes.UserNotFoundException, MESSAGES.userNotFound);
    default:
      return error;
  }
}

export async function mapped<T>(when: 'code-entry' | 'code-request', run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw accountError(error, when);
  }
}
