import { paths } from '@erd/shared-contracts';
import { ButtonLink } from '@erd/shared-contracts/ui';
import { FormPage, FormStack } from '@erd/shared-contracts/forms';

/** Spec §2: the notice after the deletion (the user is logged out by then). */
export function DeleteConfirmationScreen() {
  return (
    <FormPage title="Konto gelöscht">
      <FormStack>
        <p>Dein Konto wurde gelöscht. Deine persönlichen Daten haben wir entfernt.</p>
        <p>Schade, dass du gehst! Du kannst dich jederzeit wieder für deinen Verein registrieren.</p>
        <ButtonLink to={paths.home} block>
          Zur Startseite
        </ButtonLink>
      </FormStack>
    </FormPage>
  );
}
