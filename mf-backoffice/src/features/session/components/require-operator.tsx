import type { ReactNode } from 'react';
import { Navigate, useLocation } from '@erd/shared-contracts';
import { backofficePaths } from '@erd/shared-contracts/backoffice';
import { FormMessage, FormStack } from '@erd/shared-contracts/forms';
import { Button, Spinner } from '@erd/shared-contracts/ui';
import { useOperatorSession } from '../../../lib/operator-session';

export const sessionCheckTexts = {
  checking: 'Anmeldung wird geprüft …',
  failed: 'Der Server ist gerade nicht erreichbar. Bitte versuche es gleich noch einmal.',
} as const;

/**
 * The screens behind it need a signed-in operator: while the session is checked a spinner shows,
 * nobody signed in goes to 'Anmeldung', and a check that could not reach the server offers to try
 * again. An operator with an admin's start password goes to 'Passwort ändern' from every screen
 * (the server refuses everything else until it is changed).
 */
export function RequireOperator({ children }: { children: ReactNode }) {
  const { state, checkFailed, recheck } = useOperatorSession();
  const { pathname } = useLocation();
  if (state.status === 'signed-out') return <Navigate to={backofficePaths.login} replace />;
  if (state.status === 'signed-in' && state.operator.mustChangePassword && pathname !== backofficePaths.password) {
    return <Navigate to={backofficePaths.password} replace />;
  }
  if (state.status === 'checking') {
    return checkFailed ? (
      <FormStack>
        <FormMessage tone="error">{sessionCheckTexts.failed}</FormMessage>
        <div>
          <Button variant="secondary" onClick={recheck}>
            Erneut versuchen
          </Button>
        </div>
      </FormStack>
    ) : (
      <Spinner label={sessionCheckTexts.checking} />
    );
  }
  return <>{children}</>;
}
