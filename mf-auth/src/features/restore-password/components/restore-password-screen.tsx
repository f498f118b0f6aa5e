import { useState } from 'react';
import { Form } from 'react-final-form';
import { Link, paths, storageKeys, useNavigate } from '@erd/shared-contracts';
import { FormLinks, FormMessage, FormPage, FormStack } from '@erd/shared-contracts/forms';
import { FinalEmailField, SubmitButton } from '../../../components/fields';
import { readStorage, writeStorage } from '../../../lib/browser-storage';
import { normalizeEmail } from '../../../lib/email';
import { email as emailRule } from '../../../lib/validators';
import { forgotPassword } from '../api/forgot-password';

export const RESTORE_FAILED = 'Es ist ein Fehler aufgetreten. Bitte versuche es später erneut.';

interface RestoreValues {
  email?: string;
}

/** Spec §2/§4/§5/§8 forgotten password: the e-mail gets a code; the e-mail is kept and the new-password screen follows. */
export function RestorePasswordScreen() {
  const navigate = useNavigate();
  const [failed, setFailed] = useState(false);
  const [initialValues] = useState<RestoreValues>(() => ({ email: readStorage('local', storageKeys.resetEmail) ?? '' }));

  const onSubmit = async (values: RestoreValues) => {
    setFailed(false);
    const address = normalizeEmail(values.email ?? '');
    try {
      await forgotPassword({ email: address });
    } catch {
      setFailed(true);
      return;
    }
    writeStorage('local', storageKeys.resetEmail, address);
    navigate(paths.changePassword);
  };

  return (
    <FormPage
      title="Passwort vergessen"
      intro="Gib die E-Mail-Adresse deines Kontos ein. Wir schicken dir einen Code, mit dem du ein neues Passwort festlegen kannst."
    >
      <Form<RestoreValues> onSubmit={onSubmit} initialValues={initialValues}>
        {({ handleSubmit }) => (
          <form noValidate onSubmit={handleSubmit}>
            <FormStack>
              <FinalEmailField validate={emailRule} />
              {failed && <FormMessage tone="error">{RESTORE_FAILED}</FormMessage>}
              <SubmitButton>Code anfordern</SubmitButton>
            </FormStack>
          </form>
        )}
      </Form>
      <FormLinks>
        <li>
          Code schon erhalten? <Link to={paths.changePassword}>Neues Passwort festlegen</Link>
        </li>
        <li>
          Passwort wieder eingefallen? <Link to={paths.login}>Zum Login</Link>
        </li>
      </FormLinks>
    </FormPage>
  );
}
