import { useState } from 'react';
import { Form } from 'react-final-form';
import { isApiError, Link, paths, storageKeys, useNavigate } from '@erd/shared-contracts';
import { FormLinks, FormMessage, formMessages, FormPage, FormStack } from '@erd/shared-contracts/forms';
import { FollowUpLink } from '../../../components/follow-up-link';
import { FinalEmailField, FinalTextField, NewPasswordFields, SubmitButton } from '../../../components/fields';
import { readStorage, removeStorage } from '../../../lib/browser-storage';
import { normalizeEmail } from '../../../lib/email';
import type { LoginLocationState } from '../../../lib/login-location-state';
import { code as codeRule, email as emailRule } from '../../../lib/validators';
import { confirmForgotPassword } from '../api/confirm-forgot-password';

export const changePasswordTexts = {
  wrongCode: 'Der Code ist falsch oder abgelaufen.',
  notFound: 'Zu dieser E-Mail-Adresse gibt es kein Konto.',
  weakPassword: formMessages.passwordRule,
  generic: 'Bei der Änderung ist ein Fehler aufgetreten, bitte versuche es später erneut.',
  changed: 'Dein Passwort wurde geändert. Du kannst dich jetzt mit dem neuen Passwort einloggen.',
} as const;

type Failure = 'wrongCode' | 'notFound' | 'weakPassword' | 'generic';

interface ChangePasswordValues {
  email?: string;
  code?: string;
  password?: string;
  password_repeat?: string;
}

function failureOf(error: unknown): Failure {
  if (!isApiError(error)) return 'generic';
  if (error.status === 400) return error.code === 'InvalidPasswordException' ? 'weakPassword' : 'wrongCode';
  return error.status === 404 ? 'notFound' : 'generic';
}

/** Spec §2/§4/§5/§8 new password: e-mail (kept from the request), code, password and repeat; then the login. */
export function ChangePasswordScreen() {
  const navigate = useNavigate();
  const [failure, setFailure] = useState<Failure | null>(null);
  const [initialValues] = useState<ChangePasswordValues>(() => ({ email: readStorage('local', storageKeys.resetEmail) ?? '' }));

  const onSubmit = async (values: ChangePasswordValues) => {
    setFailure(null);
    const address = normalizeEmail(values.email ?? '');
    try {
      await confirmForgotPassword({ email: address, code: (values.code ?? '').trim(), password: values.password ?? '' });
    } catch (error) {
      setFailure(failureOf(error));
      return;
    }
    removeStorage('local', storageKeys.resetEmail);
    const state: LoginLocationState = { notice: changePasswordTexts.changed, email: address };
    navigate(paths.login, { state });
  };

  return (
    <FormPage title="Neues Passwort" intro="Gib den Code aus der E-Mail ein und lege dein neues Passwort fest.">
      <Form<ChangePasswordValues> onSubmit={onSubmit} initialValues={initialValues}>
        {({ handleSubmit }) => (
          <form noValidate onSubmit={handleSubmit}>
            <FormStack>
              <FinalEmailField validate={emailRule} />
              <FinalTextField name="code" label="Code" inputMode="numeric" autoComplete="one-time-code" maxLength={6} validate={codeRule} />
              <NewPasswordFields label="Neues Passwort" />
              {failure && (
                <FormMessage tone="error">
                  {changePasswordTexts[failure]}
                  {failure === 'wrongCode' && <FollowUpLink to={paths.restorePassword}>Neuen Code anfordern</FollowUpLink>}
                  {failure === 'notFound' && <FollowUpLink to={paths.registration}>Jetzt registrieren</FollowUpLink>}
                </FormMessage>
              )}
              <SubmitButton>Passwort ändern</SubmitButton>
            </FormStack>
          </form>
        )}
      </Form>
      <FormLinks>
        <li>
          Keinen Code erhalten? <Link to={paths.restorePassword}>Code anfordern</Link>
        </li>
        <li>
          <Link to={paths.login}>Zum Login</Link>
        </li>
      </FormLinks>
    </FormPage>
  );
}
