import { useState } from 'react';
import { paths, sessionStore, useNavigate } from '@erd/shared-contracts';
import { Button, ButtonLink } from '@erd/shared-contracts/ui';
import { FormMessage, FormPage, FormStack } from '@erd/shared-contracts/forms';
import { deleteAccount } from '../api/delete-account';

export const DELETE_FAILED = 'Konto löschen fehlgeschlagen, bitte versuche es erneut';

/** Ends the session through mf-auth's session module (registered in the store); without it, clears locally. */
async function logout(): Promise<void> {
  const { signOut } = sessionStore.getState();
  try {
    if (signOut) await signOut();
  } catch {
    // the account is gone anyway: clear below
  }
  sessionStore.getState().clear();
}

/** Spec §2/§4/§8 deletion: confirm, DELETE /api/profile, log out, the deleted notice. */
export function DeleteScreen() {
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);

  const onDelete = async () => {
    setBusy(true);
    setFailed(false);
    try {
      await deleteAccount();
    } catch {
      setFailed(true);
      setBusy(false);
      return;
    }
    await logout();
    navigate(paths.deleteConfirmation, { replace: true });
  };

  return (
    <FormPage title="Konto löschen">
      <FormStack>
        <p>Willst du dein Konto wirklich löschen?</p>
        <p>
          Dein Name, deine Adresse, deine Telefonnummer und dein Zugang werden sofort gelöscht. Die Punkte deines Vereins bleiben erhalten,
          und der Verein kann danach neu angemeldet werden. Das Löschen lässt sich nicht rückgängig machen.
        </p>
        {failed && <FormMessage tone="error">{DELETE_FAILED}</FormMessage>}
        <Button variant="secondary" block disabled={busy} aria-busy={busy || undefined} onClick={() => void onDelete()}>
          Konto endgültig löschen
        </Button>
        <ButtonLink to={paths.profile} variant="ghost" block>
          Abbrechen
        </ButtonLink>
      </FormStack>
    </FormPage>
  );
}
