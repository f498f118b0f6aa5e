import { css, type Theme } from '@emotion/react';
import { useEffect, useRef, useState } from 'react';
import { Form, useForm } from 'react-final-form';
import type { FormApi } from 'final-form';
import { isApiError, isValidEmail, Link, paths, storageKeys, useLocation, useNavigate } from '@erd/shared-contracts';
import { FormLinks, FormMessage, FormPage, FormStack, LinkButton } from '@erd/shared-contracts/forms';
import { FollowUpLink } from '../../../components/follow-up-link';
import { FinalEmailField, FinalTextField, SubmitButton } from '../../../components/fields';
import { readStorage, removeStorage } from '../../../lib/browser-storage';
import { normalizeEmail } from '../../../lib/email';
import { code as codeRule, email as emailRule } from '../../../lib/validators';
import type { LoginLocationState } from '../../../lib/login-location-state';
import { confirmSignup } from '../api/confirm-signup';
import { resendCode } from '../api/resend-code';
import { takeMagicLink } from '../lib/magic-link';

export const confirmationTexts = {
  alreadyConfirmed: 'Deine E-Mail-Adresse ist bereits bestätigt.',
  wrongCode: 'Der Code ist falsch oder abgelaufen.',
  notFound: 'Zu dieser E-Mail-Adresse gibt es kein Konto.',
  generic: 'Bei der Bestätigung ist ein Fehler aufgetreten, bitte versuche es später erneut.',
  confirmed: 'Deine E-Mail-Adresse ist bestätigt. Du kannst dich jetzt einloggen.',
  resent: 'Wir haben dir einen neuen Code geschickt. Schau auch im Spam-Ordner nach.',
  resendLimited: 'Einen neuen Code kannst du höchstens einmal pro Minute anfordern. Bitte warte kurz.',
  resendFailed: 'Der Code konnte gerade nicht gesendet werden. Bitte versuche es später erneut.',
} as const;

type Failure = 'alreadyConfirmed' | 'wrongCode' | 'notFound' | 'generic';
type Resend = 'idle' | 'sending' | 'sent' | 'limited' | 'failed';

interface ConfirmationValues {
  email?: string;
  code?: string;
}

function failureOf(error: unknown): Failure {
  if (!isApiError(error)) return 'generic';
  if (error.status === 400) {
    return error.code === 'NotAuthorizedException' || error.message === 'NotAuthorizedException' ? 'alreadyConfirmed' : 'wrongCode';
  }
  return error.status === 404 ? 'notFound' : 'generic';
}

/** Sends the form once when it was filled from a valid magic link. */
function AutoSubmit({ enabled }: { enabled: boolean }) {
  const form = useForm();
  const done = useRef(false);
  useEffect(() => {
    if (!enabled || done.current) return;
    done.current = true;
    void form.submit();
  }, [enabled, form]);
  return null;
}

/**
 * Spec §2/§4/§5/§8 e-mail confirmation: e-mail (kept from the registration) and the 6-digit code.
 * A magic link (`?MAGIC_LINK=…`) is taken out of the address, fills both fields and sends them.
 * On success the kept e-mail is forgotten and the login follows.
 */
export function ConfirmationScreen() {
  const navigate = useNavigate();
  const location = useLocation();
  const [magic] = useState(() => takeMagicLink(location.search));
  const [failure, setFailure] = useState<Failure | null>(null);
  const [resend, setResend] = useState<Resend>('idle');
  const [initialValues] = useState<ConfirmationValues>(() => ({
    email: magic.link?.email ?? readStorage('local', storageKeys.confirmEmail) ?? '',
    code: magic.link?.challengeAnswer ?? '',
  }));
  const autoSubmit = !!magic.link && isValidEmail(magic.link.email.trim()) && codeRule(magic.link.challengeAnswer, {}) === undefined;

  useEffect(() => {
    // The link's secret does not stay in the address bar or the history.
    if (magic.present) navigate({ pathname: location.pathname, search: magic.rest, hash: location.hash }, { replace: true });
    // Only once, for the address the screen was opened with.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const onSubmit = async (values: ConfirmationValues) => {
    setFailure(null);
    setResend('idle');
    const address = normalizeEmail(values.email ?? '');
    try {
      await confirmSignup({ email: address, code: (values.code ?? '').trim() });
    } catch (error) {
      setFailure(failureOf(error));
      return;
    }
    removeStorage('local', storageKeys.confirmEmail);
    const state: LoginLocationState = { notice: confirmationTexts.confirmed, email: address };
    navigate(paths.login, { state });
  };

  const requestCode = async (form: FormApi<ConfirmationValues>, fromFailure: boolean) => {
    const address = normalizeEmail(form.getState().values.email ?? '');
    if (!isValidEmail(address)) {
      form.blur('email');
      return;
    }
    if (fromFailure) {
      setFailure(null);
      form.change('code', '');
      form.resetFieldState('code');
    }
    setResend('sending');
    try {
      await resendCode({ email: address });
      setResend('sent');
    } catch (error) {
      setResend(isApiError(error) && error.status === 429 ? 'limited' : 'failed');
    }
  };

  return (
    <FormPage
      title="E-Mail bestätigen"
      intro="Wir haben dir einen 6-stelligen Code an deine E-Mail-Adresse geschickt. Gib ihn hier ein, um dein Konto zu bestätigen."
    >
      <Form<ConfirmationValues> onSubmit={onSubmit} initialValues={initialValues}>
        {({ handleSubmit, form }) => (
          <form noValidate onSubmit={handleSubmit}>
            <AutoSubmit enabled={autoSubmit} />
            <FormStack>
              <FinalEmailField validate={emailRule} />
              <FinalTextField
                name="code"
                label="Code"
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={6}
                validate={codeRule}
                hint="Der Code besteht aus 6 Ziffern und steht in der E-Mail."
              />
              <p
                css={(theme: Theme) => css`
                  margin: 0;
                  color: ${theme.colors.textMuted};
                `}
              >
                Keinen Code erhalten?{' '}
                <LinkButton type="button" onClick={() => void requestCode(form, false)} disabled={resend === 'sending'}>
                  Code erneut senden
                </LinkButton>
              </p>
              {resend === 'sent' && <FormMessage tone="success">{confirmationTexts.resent}</FormMessage>}
              {resend === 'limited' && <FormMessage tone="error">{confirmationTexts.resendLimited}</FormMessage>}
              {resend === 'failed' && <FormMessage tone="error">{confirmationTexts.resendFailed}</FormMessage>}
              {failure && (
                <FormMessage tone="error">
                  {confirmationTexts[failure]}
                  {failure === 'alreadyConfirmed' && <FollowUpLink to={paths.login}>Zum Login</FollowUpLink>}
                  {failure === 'wrongCode' && (
                    <>
                      {' '}
                      <LinkButton type="button" onClick={() => void requestCode(form, true)}>
                        Neuen Code anfordern
                      </LinkButton>
                    </>
                  )}
                  {failure === 'notFound' && <FollowUpLink to={paths.registration}>Jetzt registrieren</FollowUpLink>}
                </FormMessage>
              )}
              <SubmitButton>Bestätigen</SubmitButton>
            </FormStack>
          </form>
        )}
      </Form>
      <FormLinks>
        <li>
          Schon bestätigt? <Link to={paths.login}>Zum Login</Link>
        </li>
        <li>
          Noch kein Konto? <Link to={paths.registration}>Jetzt registrieren</Link>
        </li>
      </FormLinks>
    </FormPage>
  );
}
