import { css, type Theme } from '@emotion/react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { getRuntimeConfig, isApiError, isValidEmail, Link, paths, EMAIL_MAX_LENGTH } from '@erd/shared-contracts';
import { CheckboxField, FormMessage, TextField } from '@erd/shared-contracts/forms';
import { Button } from '@erd/shared-contracts/ui';
import { signupClubFan } from '../api/club-fans';

/**
 * The consent text next to the form. Its version is `CLUB_FAN_CONSENT_TEXT_VERSION` in
 * shared-contracts/src/schemas/club-fans.ts, which the server writes to the consent log: change
 * this text only together with that version.
 */
export function consentText(clubLabel: string, productName: string): string {
  return `Ja, die ${productName} darf mir E-Mails schicken, wenn ${clubLabel} meine Stimme braucht: wenn ein Beitrag online geht und 24 Stunden bevor eine Abstimmung endet – sonst nichts. Ich bestätige zuerst per E-Mail und kann mich jederzeit mit einem Klick abmelden.`;
}

export const FAN_TEXTS = {
  email: 'Gib eine gültige Emailadresse an',
  consent: 'Bitte willige ein, damit wir dir schreiben dürfen.',
  adult: 'Bitte bestätige, dass du mindestens 18 Jahre alt bist.',
  adultLabel: 'Ich bestätige, dass ich mindestens 18 Jahre alt bin.',
  success: 'Fast geschafft – bitte bestätige deine Anmeldung in der E-Mail, die wir dir geschickt haben.',
  limit: 'Zu viele Anmeldungen von diesem Anschluss. Bitte versuche es später noch einmal.',
  failed: 'Da ist leider was schief gelaufen. Bitte versuche es gleich noch einmal.',
  submit: 'Fan werden',
  sending: 'Wird gesendet …',
} as const;

type Status = 'idle' | 'sending' | 'success' | 'error';

/**
 * 'Mein Verein' sign-up (issue 25), a chunk of its own: e-mail, consent (the versioned text), 18+,
 * then the double opt-in mail. Field errors show once a field was left or the form was sent, the
 * first wrong field gets the focus; the answer is the same for every address, so the success text
 * promises nothing but the mail.
 */
export default function FanSignupForm({ clubId, clubLabel }: { clubId: string; clubLabel: string }) {
  const id = useId();
  const { productName } = getRuntimeConfig();
  const [email, setEmail] = useState('');
  const [consent, setConsent] = useState(false);
  const [adult, setAdult] = useState(false);
  const [touched, setTouched] = useState({ email: false, consent: false, adult: false });
  const [status, setStatus] = useState<Status>('idle');
  const [failure, setFailure] = useState<string>(FAN_TEXTS.failed);
  const emailRef = useRef<HTMLInputElement>(null);
  const consentRef = useRef<HTMLInputElement>(null);
  const adultRef = useRef<HTMLInputElement>(null);
  const successRef = useRef<HTMLDivElement>(null);
  const mounted = useRef(true);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  useEffect(() => {
    if (status === 'success') successRef.current?.focus();
  }, [status]);

  const value = email.trim();
  const errors = {
    email: isValidEmail(value) ? null : FAN_TEXTS.email,
    consent: consent ? null : FAN_TEXTS.consent,
    adult: adult ? null : FAN_TEXTS.adult,
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (status === 'sending') return;
    setTouched({ email: true, consent: true, adult: true });
    if (errors.email || errors.consent || errors.adult) {
      (errors.email ? emailRef : errors.consent ? consentRef : adultRef).current?.focus();
      return;
    }
    setStatus('sending');
    try {
      await signupClubFan(clubId, value);
      if (mounted.current) setStatus('success');
    } catch (error) {
      if (!mounted.current) return;
      setFailure(isApiError(error) && error.status === 429 ? FAN_TEXTS.limit : FAN_TEXTS.failed);
      setStatus('error');
    }
  };

  if (status === 'success') {
    return (
      <div
        ref={successRef}
        tabIndex={-1}
        css={css`
          &:focus {
            outline: none;
          }
        `}
      >
        <FormMessage tone="success">{FAN_TEXTS.success}</FormMessage>
      </div>
    );
  }

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      aria-label={`Fan von ${clubLabel} werden`}
      css={(theme: Theme) => css`
        display: grid;
        gap: ${theme.space(4)};
      `}
    >
      <TextField
        ref={emailRef}
        id={`${id}-email`}
        label="E-Mail-Adresse"
        name="email"
        type="email"
        inputMode="email"
        autoComplete="email"
        maxLength={EMAIL_MAX_LENGTH}
        value={email}
        onChange={(event) => {
          setEmail(event.target.value);
          if (status === 'error') setStatus('idle');
        }}
        onBlur={() => setTouched((t) => ({ ...t, email: true }))}
        error={touched.email && errors.email}
      />
      <CheckboxField
        ref={consentRef}
        id={`${id}-consent`}
        name="consent"
        checked={consent}
        onChange={(event) => setConsent(event.target.checked)}
        error={touched.consent && errors.consent}
        label={
          <>
            {consentText(clubLabel, productName)} Mehr dazu in der <Link to={paths.dataProtection}>Datenschutzerklärung</Link>.
          </>
        }
      />
      <CheckboxField
        ref={adultRef}
        id={`${id}-adult`}
        name="adult"
        checked={adult}
        onChange={(event) => setAdult(event.target.checked)}
        error={touched.adult && errors.adult}
        label={FAN_TEXTS.adultLabel}
      />
      {status === 'error' && <FormMessage tone="error">{failure}</FormMessage>}
      <div>
        <Button type="submit" disabled={status === 'sending'} aria-busy={status === 'sending' || undefined}>
          {status === 'sending' ? FAN_TEXTS.sending : FAN_TEXTS.submit}
        </Button>
      </div>
    </form>
  );
}
