import { css, type Theme } from '@emotion/react';
import { useId, useState } from 'react';
import { Form } from 'react-final-form';
import { Link, paths, storageKeys, useLocation, useNavigate, PASSWORD_MAX_LENGTH } from '@erd/shared-contracts';
import { FormLinks, FormMessage, formMessages, FormPage, FormStack } from '@erd/shared-contracts/forms';
import { ButtonLink } from '@erd/shared-contracts/ui';
import { FinalEmailField, FinalTextField, SubmitButton } from '../../../components/fields';
import { removeStorage, readStorage, writeStorage } from '../../../lib/browser-storage';
import { normalizeEmail } from '../../../lib/email';
import type { LoginLocationState } from '../../../lib/login-location-state';
import { email as emailRule, required } from '../../../lib/validators';

export const LOGIN_FAILED = 'E-Mail-Adresse oder Passwort falsch.';
export const LOGIN_LOCKED = 'Nach mehreren Fehlversuchen ist die Anmeldung für 15 Minuten gesperrt.';
export const LOGIN_UNAVAILABLE = 'Die Anmeldung ist gerade nicht möglich. Bitte versuche es später erneut.';
export const LOGIN_UNSUPPORTED =
  'Die Anmeldung kann hier nicht abgeschlossen werden. Bitte lege über „Passwort vergessen?“ ein neues Passwort fest.';

/** Codes that mean "these credentials do not get you in" (spec §8 login text). */
const CREDENTIAL_CODES = new Set([
  'NotAuthorizedException',
  'UserNotFoundException',
  'UserNotConfirmedException',
  'InvalidParameterException',
  'PasswordResetRequiredException',
]);

type Failure = { kind: 'credentials'; unconfirmed: boolean; locked: boolean } | { kind: 'unavailable' } | { kind: 'unsupported' };

interface LoginValues {
  email?: string;
  password?: string;
}

/**
 * The sign-in core (amazon-cognito-identity-js, ~60 KB gzip) loads when the user starts filling
 * in the form, not with the page: the other auth screens and a visitor who only looks never need it.
 */
const loadIdentity = () => import('../../../lib/identity/session');

/**
 * Spec §2/§4/§5/§8 login: e-mail and password; one hint for an invalid form; on failure
 * 'E-Mail-Adresse oder Passwort falsch.' (with a link to the confirmation for unconfirmed
 * accounts); on success to /profil when the profile asked for the login, else to /challenge.
 */
export function LoginScreen() {
  const navigate = useNavigate();
  const state = (useLocation().state ?? null) as LoginLocationState | null;
  const [failure, setFailure] = useState<Failure | null>(null);

  const onSubmit = async (values: LoginValues) => {
    setFailure(null);
    const address = normalizeEmail(values.email ?? '');
    const { login } = await loadIdentity();
    const result = await login(address, values.password ?? '');
    if (result.status === 'LOGGED_IN') {
      const stored = readStorage('session', storageKeys.redirectAfterLogin);
      if (stored) removeStorage('session', storageKeys.redirectAfterLogin);
      navigate(stored ? paths.profile : paths.challenges);
      return;
    }
    if (result.status !== 'LOGIN_FAILED' || result.code === 'MfaNotSupported') {
      setFailure({ kind: 'unsupported' });
      return;
    }
    if (!CREDENTIAL_CODES.has(result.code)) {
      setFailure({ kind: 'unavailable' });
      return;
    }
    const unconfirmed = result.code === 'UserNotConfirmedException';
    if (unconfirmed) writeStorage('local', storageKeys.confirmEmail, address);
    const locked = /attempts exceeded/i.test(result.message ?? '');
    setFailure({ kind: 'credentials', unconfirmed, locked });
  };

  return (
    <FormPage title="Einloggen" intro="Melde dich mit der E-Mail-Adresse und dem Passwort deines Vereinskontos an.">
      <Form<LoginValues> onSubmit={onSubmit} initialValues={{ email: state?.email ?? '' }}>
        {({ handleSubmit, invalid, touched }) => {
          const showHint = invalid && Object.values(touched ?? {}).some(Boolean);
          return (
            <form noValidate onSubmit={handleSubmit} onFocus={() => void loadIdentity()}>
              <FormStack>
                {state?.notice && !failure && <FormMessage tone="success">{state.notice}</FormMessage>}
                <FinalEmailField autoComplete="username" validate={emailRule} hideError />
                <FinalTextField
                  name="password"
                  label="Passwort"
                  type="password"
                  autoComplete="current-password"
                  maxLength={PASSWORD_MAX_LENGTH}
                  validate={required(formMessages.loginInvalid)}
                  hideError
                />
                {showHint && <FormMessage tone="error">{formMessages.loginInvalid}</FormMessage>}
                {failure && <LoginFailure failure={failure} />}
                <SubmitButton>Einloggen</SubmitButton>
              </FormStack>
            </form>
          );
        }}
      </Form>
      <RegisterInvitation />
      <FormLinks>
        <li>
          <Link to={paths.restorePassword}>Passwort vergessen?</Link>
        </li>
        <li>
          Code per E-Mail erhalten? <Link to={paths.confirmation}>E-Mail-Adresse bestätigen</Link>
        </li>
      </FormLinks>
    </FormPage>
  );
}

/**
 * Issue 24: a visitor who came through 'JETZT MITMACHEN' lands here without an account; the way to
 * the registration stands out right under the login button (on a phone without scrolling).
 */
function RegisterInvitation() {
  const titleId = useId();
  return (
    <section
      aria-labelledby={titleId}
      css={(theme: Theme) => css`
        margin-top: ${theme.space(6)};
        padding: ${theme.space(4)};
        border-radius: ${theme.radius};
        background: ${theme.colors.primaryDark};
        color: ${theme.colors.white};
        ${theme.mq.sm} {
          padding: ${theme.space(5)} ${theme.space(6)};
        }
      `}
    >
      <h2
        id={titleId}
        css={(theme: Theme) => css`
          margin: 0;
          font-family: ${theme.fonts.headline};
          font-weight: 900;
          font-size: 1.25rem;
          text-transform: uppercase;
        `}
      >
        Noch nicht dabei?
      </h2>
      <p
        css={(theme: Theme) => css`
          margin: ${theme.space(1)} 0 ${theme.space(4)};
        `}
      >
        Registriere deine Mannschaft – pro Verein und Team gibt es ein Konto.
      </p>
      <ButtonLink to={paths.registration} variant="outline" block>
        Mannschaft registrieren
      </ButtonLink>
    </section>
  );
}

function LoginFailure({ failure }: { failure: Failure }) {
  if (failure.kind === 'unavailable') return <FormMessage tone="error">{LOGIN_UNAVAILABLE}</FormMessage>;
  if (failure.kind === 'unsupported') return <FormMessage tone="error">{LOGIN_UNSUPPORTED}</FormMessage>;
  return (
    <FormMessage tone="error">
      {LOGIN_FAILED}
      {failure.locked && ` ${LOGIN_LOCKED}`}
      {failure.unconfirmed && (
        <>
          {' '}
          <Link to={paths.confirmation}>E-Mail-Adresse bestätigen</Link>
        </>
      )}
    </FormMessage>
  );
}
