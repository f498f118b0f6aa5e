import { css, type Theme } from '@emotion/react';
import { type FormEvent, useRef, useState } from 'react';
import { isApiError, isValidEmail, Navigate, useNavigate } from '@erd/shared-contracts';
import { backofficePaths } from '@erd/shared-contracts/backoffice';
import { FormMessage, FormStack, TextField } from '@erd/shared-contracts/forms';
import { Button } from '@erd/shared-contracts/ui';
import { Panel, ScreenTitle, useScreenTitle } from '../../../components/screen';
import { useOperatorSession } from '../../../lib/operator-session';
import { logIn } from '../api/log-in';

export const loginTexts = {
  invalid: 'E-Mail-Adresse oder Passwort falsch.',
  limit: 'Zu viele Anmeldeversuche. Bitte warte ein paar Minuten und versuche es dann noch einmal.',
  failed: 'Die Anmeldung ist gerade nicht möglich. Bitte versuche es gleich noch einmal.',
  emailMissing: 'Bitte gib deine E-Mail-Adresse ein.',
  emailInvalid: 'Bitte gib eine gültige E-Mail-Adresse ein.',
  passwordMissing: 'Bitte gib dein Passwort ein.',
  signedOut: 'Du bist abgemeldet.',
  expired: 'Deine Sitzung ist abgelaufen. Bitte melde dich erneut an.',
} as const;

type Outcome = 'invalid' | 'limit' | 'failed' | null;
type FieldErrors = { email?: string; password?: string };

function validate(email: string, password: string): FieldErrors {
  const errors: FieldErrors = {};
  if (!email.trim()) errors.email = loginTexts.emailMissing;
  else if (!isValidEmail(email.trim())) errors.email = loginTexts.emailInvalid;
  if (!password) errors.password = loginTexts.passwordMissing;
  return errors;
}

/**
 * 'Anmeldung': e-mail and password of an operator account (`POST /api/operator/login`). A wrong
 * address or password says so without telling which; on success the moderation queue opens.
 */
export function LoginScreen() {
  const { state, signedIn } = useOperatorSession();
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [sending, setSending] = useState(false);
  const emailField = useRef<HTMLInputElement>(null);
  const passwordField = useRef<HTMLInputElement>(null);
  useScreenTitle('Anmeldung');

  if (state.status === 'signed-in' && !sending) return <Navigate to={backofficePaths.moderation} replace />;
  const reason = state.status === 'signed-out' ? state.reason : null;

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = validate(email, password);
    setErrors(found);
    setOutcome(null);
    if (found.email || found.password) {
      (found.email ? emailField : passwordField).current?.focus();
      return;
    }
    setSending(true);
    try {
      const operator = await logIn({ email: email.trim(), password });
      signedIn(operator);
      navigate(backofficePaths.moderation, { replace: true });
    } catch (error) {
      setSending(false);
      setPassword('');
      if (isApiError(error) && (error.status === 401 || error.status === 400)) setOutcome('invalid');
      else if (isApiError(error) && error.status === 429) setOutcome('limit');
      else setOutcome('failed');
    }
  };

  return (
    <div
      css={(theme: Theme) => css`
        max-width: 480px;
        margin: ${theme.space(6)} auto 0;
      `}
    >
      <Panel>
        <ScreenTitle>Anmeldung</ScreenTitle>
        <p
          css={(theme: Theme) => css`
            margin: ${theme.space(2)} 0 ${theme.space(6)};
            color: ${theme.colors.textMuted};
          `}
        >
          Das Backoffice ist nur für das Team der Punktejagd. Melde dich mit deinem Operator-Konto an.
        </p>
        <form noValidate onSubmit={(event) => void onSubmit(event)} aria-label="Anmeldung">
          <FormStack>
            {reason === 'signed-out' && !outcome && <FormMessage tone="success">{loginTexts.signedOut}</FormMessage>}
            {reason === 'expired' && !outcome && <FormMessage tone="info">{loginTexts.expired}</FormMessage>}
            <TextField
              ref={emailField}
              name="email"
              type="email"
              label="E-Mail-Adresse"
              autoComplete="username"
              inputMode="email"
              spellCheck={false}
              maxLength={254}
              value={email}
              onChange={(event) => setEmail(event.target.value)}
              error={errors.email}
              required
            />
            <TextField
              ref={passwordField}
              name="password"
              type="password"
              label="Passwort"
              autoComplete="current-password"
              maxLength={256}
              value={password}
              onChange={(event) => setPassword(event.target.value)}
              error={errors.password}
              required
            />
            {outcome && <FormMessage tone="error">{loginTexts[outcome]}</FormMessage>}
            <Button type="submit" block disabled={sending} aria-busy={sending || undefined}>
              {sending ? 'Wird angemeldet …' : 'Anmelden'}
            </Button>
          </FormStack>
        </form>
      </Panel>
    </div>
  );
}
