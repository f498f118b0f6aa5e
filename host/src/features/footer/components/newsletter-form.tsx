import { css, type Theme } from '@emotion/react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { getRuntimeConfig, isValidEmail, Link, paths, EMAIL_MAX_LENGTH } from '@erd/shared-contracts';
import { Button, FieldError, TextInput } from '@erd/shared-contracts/ui';
import { subscribeNewsletter } from '../api/subscribe-newsletter';

/** Spec §9: the success message shows for 5000 ms. */
export const NEWSLETTER_SUCCESS_MS = 5000;
export const NEWSLETTER_ERROR = 'Da ist leider was schief gelaufen.';
export const EMAIL_HINT = 'Gib eine gültige Emailadresse an';

type Status = 'idle' | 'loading' | 'success' | 'error';

/**
 * Newsletter signup (spec §4/§5/§8): idle → loading → success (5 s) or error. The e-mail is
 * required and valid; its hint shows once the field was touched; an invalid submit sets the
 * error message and marks the field touched. Double opt-in (decisions §7): the success message
 * asks to confirm via the e-mail.
 */
export function NewsletterForm() {
  const id = useId();
  const [email, setEmail] = useState('');
  const [touched, setTouched] = useState(false);
  const [status, setStatus] = useState<Status>('idle');
  const inputRef = useRef<HTMLInputElement>(null);
  const mounted = useRef(true);

  const value = email.trim();
  const valid = isValidEmail(value);
  const showHint = touched && !valid;

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  useEffect(() => {
    if (status !== 'success') return undefined;
    const timer = setTimeout(() => setStatus('idle'), NEWSLETTER_SUCCESS_MS);
    return () => clearTimeout(timer);
  }, [status]);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (status === 'loading') return;
    if (!valid) {
      setTouched(true);
      setStatus('error');
      inputRef.current?.focus();
      return;
    }
    setStatus('loading');
    try {
      await subscribeNewsletter(value);
      if (!mounted.current) return;
      setEmail('');
      setTouched(false);
      setStatus('success');
    } catch (error) {
      console.warn('newsletter signup failed', error);
      if (mounted.current) setStatus('error');
    }
  };

  const hintId = `${id}-hint`;
  const consentId = `${id}-consent`;
  const { productName } = getRuntimeConfig();

  return (
    <form noValidate onSubmit={onSubmit} aria-labelledby={`${id}-title`}>
      <h2
        id={`${id}-title`}
        css={(theme: Theme) => css`
          font-family: ${theme.fonts.headline};
          font-size: 1.5rem;
          font-weight: 900;
          text-transform: uppercase;
          margin: 0 0 ${theme.space(2)};
        `}
      >
        Newsletter
      </h2>
      <label
        htmlFor={`${id}-email`}
        css={(theme: Theme) => css`
          display: block;
          font-weight: 700;
          margin-bottom: ${theme.space(1)};
        `}
      >
        E-Mail-Adresse
      </label>
      <div
        css={(theme: Theme) => css`
          display: flex;
          flex-direction: column;
          gap: ${theme.space(2)};
          ${theme.mq.sm} {
            flex-direction: row;
            align-items: flex-start;
          }
        `}
      >
        <div
          css={css`
            flex: 1;
            min-width: 0;
          `}
        >
          <TextInput
            ref={inputRef}
            id={`${id}-email`}
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
            onBlur={() => setTouched(true)}
            aria-invalid={showHint || undefined}
            aria-describedby={`${showHint ? `${hintId} ` : ''}${consentId}`}
            invalid={showHint}
            css={css`
              min-height: 48px;
            `}
          />
          {showHint && (
            <FieldError
              id={hintId}
              css={css`
                color: #ffb4ab;
              `}
            >
              {EMAIL_HINT}
            </FieldError>
          )}
        </div>
        <Button
          type="submit"
          disabled={status === 'loading'}
          aria-busy={status === 'loading' || undefined}
          css={css`
            min-height: 48px;
          `}
        >
          {status === 'loading' ? 'Wird gesendet …' : 'Anmelden'}
        </Button>
      </div>
      <p
        id={consentId}
        css={(theme: Theme) => css`
          font-size: 0.875rem;
          opacity: 0.85;
          margin: ${theme.space(3)} 0 0;
        `}
      >
        Mit der Anmeldung willigst du ein, dass wir dir den Newsletter der {productName} per E-Mail schicken. Du bekommst zuerst eine E-Mail
        zum Bestätigen und kannst dich jederzeit wieder abmelden. Mehr dazu in der{' '}
        <Link to={paths.dataProtection}>Datenschutzerklärung</Link>.
      </p>
      <div
        aria-live="polite"
        css={(theme: Theme) => css`
          margin-top: ${theme.space(3)};
          &:empty {
            display: none;
          }
        `}
      >
        {status === 'success' && (
          <p
            role="status"
            css={(theme: Theme) => css`
              margin: 0;
              padding: ${theme.space(3)} ${theme.space(4)};
              border-radius: ${theme.radius};
              background: ${theme.colors.success};
              color: ${theme.colors.white};
              font-weight: 700;
            `}
          >
            Volltreffer! Bitte bestätige noch deine Anmeldung über den Link in der E-Mail, die wir dir gerade geschickt haben – dann bist du
            offiziell Teil der {productName}-Community.
          </p>
        )}
      </div>
      {status === 'error' && (
        <p
          role="alert"
          css={(theme: Theme) => css`
            margin: ${theme.space(3)} 0 0;
            padding: ${theme.space(3)} ${theme.space(4)};
            border-radius: ${theme.radius};
            background: ${theme.colors.error};
            color: ${theme.colors.white};
            font-weight: 700;
          `}
        >
          {NEWSLETTER_ERROR}
        </p>
      )}
    </form>
  );
}
