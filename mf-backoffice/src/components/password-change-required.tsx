import { isApiError, Link } from '@erd/shared-contracts';
import { backofficePaths, type OperatorErrorCode } from '@erd/shared-contracts/backoffice';
import { AlertPanel } from './alert-panel';

export const PASSWORD_CHANGE_REQUIRED_TEXT = 'Bitte wähle zuerst ein eigenes Passwort.';

/**
 * The server's 403 `PasswordChangeRequired`: an operator an admin created signs in with the start
 * password the admin chose and may do nothing else until they have chosen their own.
 */
export function isPasswordChangeRequired(error: unknown): boolean {
  return isApiError(error) && error.status === 403 && error.code === ('PasswordChangeRequired' satisfies OperatorErrorCode);
}

/** What a screen shows instead of its content then: the reason and the way to 'Passwort ändern'. */
export function PasswordChangeRequired() {
  return (
    <AlertPanel message={PASSWORD_CHANGE_REQUIRED_TEXT}>
      Dein Konto hat noch das Start-Passwort, das ein Administrator vergeben hat.{' '}
      <Link to={backofficePaths.password}>Jetzt Passwort ändern</Link>
    </AlertPanel>
  );
}
