import { css, type Theme } from '@emotion/react';
import { type FormEvent, useRef, useState } from 'react';
import { isApiError } from '@erd/shared-contracts';
import { isValidOperatorPassword, OPERATOR_PASSWORD_MIN_LENGTH, type OperatorErrorCode } from '@erd/shared-contracts/backoffice';
import { FormMessage, TextField } from '@erd/shared-contracts/forms';
import { Button } from '@erd/shared-contracts/ui';
import { Panel, ScreenHeader } from '../../../components/screen';
import { type FieldErrors, useFieldErrors } from '../../../components/use-field-errors';
import { useOperatorSession } from '../../../lib/operator-session';
import { changePassword } from '../api/change-password';
import { stack } from '../../../components/layout-styles';

export const passwordTexts = {
  current: 'Gib dein aktuelles Passwort ein.',
  wrong: 'Das aktuelle Passwort stimmt nicht.',
  rule: `Das Passwort braucht mindestens ${OPERATOR_PASSWORD_MIN_LENGTH} Zeichen mit Groß- und Kleinbuchstaben, einer Ziffer und einem der Zeichen #?!@$ %^&*-.`,
  same: 'Das neue Passwort muss sich vom aktuellen unterscheiden.',
  repeat: 'Die beiden neuen Passwörter stimmen nicht überein.',
  done: 'Dein Passwort ist geändert. Deine anderen Sitzungen sind beendet; hier bleibst du angemeldet.',
  tooMany: 'Zu viele Versuche. Bitte versuche es später erneut.',
  failed: 'Das hat gerade nicht geklappt. Bitte versuche es noch einmal.',
  mustChange:
    'Bitte wähle zuerst ein eigenes Passwort: Dein Konto hat noch das Start-Passwort, das ein Administrator vergeben hat. Bis du es änderst, bleiben die anderen Bereiche gesperrt.',
} as const;

type Field = 'currentPassword' | 'newPassword' | 'repeat';
const FIELDS: Field[] = ['currentPassword', 'newPassword', 'repeat'];

/**
 * 'Passwort ändern' (any operator, own account): the current password, the new one twice, the
 * operator password rule checked here (German message at the field, focus there) and again on the
 * server ('WrongPassword' at the current password). On success every other session ends.
 */
export function PasswordScreen() {
  const { state, signedIn, signedOut } = useOperatorSession();
  const mustChange = state.status === 'signed-in' && state.operator.mustChangePassword === true;
  const [values, setValues] = useState<Record<Field, string>>({ currentPassword: '', newPassword: '', repeat: '' });
  const { errors, show: showErrors } = useFieldErrors('password', FIELDS);
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const [sending, setSending] = useState(false);
  const status = useRef<HTMLDivElement>(null);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setNotice(null);
    const found: FieldErrors<Field> = {};
    if (!values.currentPassword) found.currentPassword = passwordTexts.current;
    if (!isValidOperatorPassword(values.newPassword)) found.newPassword = passwordTexts.rule;
    else if (values.newPassword === values.currentPassword) found.newPassword = passwordTexts.same;
    if (!found.newPassword && values.repeat !== values.newPassword) found.repeat = passwordTexts.repeat;
    if (showErrors(found)) return;
    setSending(true);
    try {
      await changePassword({ currentPassword: values.currentPassword, newPassword: values.newPassword });
      setValues({ currentPassword: '', newPassword: '', repeat: '' });
      setNotice({ tone: 'success', text: passwordTexts.done });
      // The start password is gone: the other screens open again.
      if (state.status === 'signed-in' && mustChange) signedIn({ ...state.operator, mustChangePassword: false });
      status.current?.focus();
    } catch (error) {
      if (isApiError(error) && error.status === 401) return signedOut('expired');
      if (isApiError(error) && error.code === ('WrongPassword' satisfies OperatorErrorCode))
        showErrors({ currentPassword: passwordTexts.wrong });
      else if (isApiError(error) && error.status === 400)
        showErrors({ newPassword: values.newPassword === values.currentPassword ? passwordTexts.same : passwordTexts.rule });
      else setNotice({ tone: 'error', text: isApiError(error) && error.status === 429 ? passwordTexts.tooMany : passwordTexts.failed });
    } finally {
      setSending(false);
    }
  };

  const field = (name: Field, label: string, autoComplete: string, hint?: string) => (
    <TextField
      id={`password-${name}`}
      label={label}
      type="password"
      autoComplete={autoComplete}
      maxLength={256}
      hint={hint}
      value={values[name]}
      onChange={(e) => setValues({ ...values, [name]: e.target.value })}
      error={errors[name]}
    />
  );

  return (
    <section aria-labelledby="password-title">
      <ScreenHeader
        title="Passwort ändern"
        titleId="password-title"
        intro={mustChange ? passwordTexts.mustChange : 'Für dein eigenes Operator-Konto.'}
      />
      <div
        ref={status}
        tabIndex={-1}
        css={(theme: Theme) => css`
          &:not(:empty) {
            margin-bottom: ${theme.space(5)};
          }
          &:focus {
            outline: none;
          }
        `}
      >
        {notice && <FormMessage tone={notice.tone}>{notice.text}</FormMessage>}
      </div>
      <Panel
        css={css`
          max-width: 36rem;
        `}
      >
        <form aria-labelledby="password-title" noValidate onSubmit={(event) => void onSubmit(event)} css={stack(4)}>
          {field('currentPassword', 'Aktuelles Passwort', 'current-password')}
          {field(
            'newPassword',
            'Neues Passwort',
            'new-password',
            `Mindestens ${OPERATOR_PASSWORD_MIN_LENGTH} Zeichen, Groß- und Kleinbuchstaben, eine Ziffer und eines der Zeichen #?!@$ %^&*-.`,
          )}
          {field('repeat', 'Neues Passwort wiederholen', 'new-password')}
          <div>
            <Button type="submit" variant="primary" disabled={sending} aria-busy={sending || undefined}>
              Passwort ändern
            </Button>
          </div>
        </form>
      </Panel>
    </section>
  );
}
