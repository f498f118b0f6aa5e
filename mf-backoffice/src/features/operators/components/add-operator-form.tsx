import { css, type Theme } from '@emotion/react';
import { type FormEvent, useState } from 'react';
import { isApiError, isValidEmail } from '@erd/shared-contracts';
import {
  isValidOperatorPassword,
  type OperatorAccountDto,
  type OperatorErrorCode,
  type OperatorRole,
} from '@erd/shared-contracts/backoffice';
import { FormMessage, TextField } from '@erd/shared-contracts/forms';
import { Button } from '@erd/shared-contracts/ui';
import { createOperator } from '../api/operators-api';
import { operatorTexts, refusalText, roleLabels } from './texts';
import { fieldRow } from '../../../components/form-styles';
import { SelectField } from '../../../components/select-field';
import { type FieldErrors, useFieldErrors } from '../../../components/use-field-errors';
import { stack } from '../../../components/layout-styles';

type Field = 'email' | 'password';

/**
 * 'Operator anlegen': e-mail, role and an initial password following the operator rule, checked
 * here (German message at the field, focus there) and again on the server (its 400 and the 409
 * for an address that exists show at the field). The new operator changes the password later.
 */
export function AddOperatorForm({
  onCreated,
  onUnauthorized,
}: {
  onCreated: (operator: OperatorAccountDto) => void;
  onUnauthorized: () => void;
}) {
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<OperatorRole>('moderator');
  const [password, setPassword] = useState('');
  const { errors, show: showErrors } = useFieldErrors<Field>('operator-new', ['email', 'password']);
  const [failure, setFailure] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const found: FieldErrors<Field> = {};
    const address = email.trim().toLowerCase();
    if (!isValidEmail(address)) found.email = operatorTexts.email;
    if (!isValidOperatorPassword(password)) found.password = operatorTexts.password;
    if (showErrors(found)) return;
    setSending(true);
    try {
      const created = await createOperator({ email: address, role, password });
      setEmail('');
      setPassword('');
      setRole('moderator');
      onCreated(created);
    } catch (error) {
      if (isApiError(error) && error.status === 401) return onUnauthorized();
      const field = isApiError(error) ? ((error.data as { field?: unknown } | undefined)?.field as string | undefined) : undefined;
      if (isApiError(error) && error.code === ('OperatorExists' satisfies OperatorErrorCode)) showErrors({ email: operatorTexts.exists });
      else if (isApiError(error) && error.status === 400 && (field === 'email' || field === 'password'))
        showErrors({ [field]: field === 'email' ? operatorTexts.email : operatorTexts.password });
      else setFailure((isApiError(error) && refusalText(error.code)) || operatorTexts.failed);
    } finally {
      setSending(false);
    }
  };

  return (
    <form aria-labelledby="operator-add-title" noValidate onSubmit={(event) => void onSubmit(event)} css={stack(4)}>
      <h2
        id="operator-add-title"
        css={(theme: Theme) => css`
          margin: 0;
          font-size: 1.25rem;
          color: ${theme.colors.primaryDark};
        `}
      >
        Operator anlegen
      </h2>
      <div css={fieldRow('220px')}>
        <TextField
          id="operator-new-email"
          label="E-Mail-Adresse"
          type="email"
          autoComplete="off"
          maxLength={254}
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          error={errors.email}
        />
        <SelectField id="operator-new-role" label="Rolle" value={role} onChange={setRole} options={roleLabels} />
        <TextField
          id="operator-new-password"
          label="Erstes Passwort"
          type="password"
          autoComplete="new-password"
          maxLength={256}
          hint="Mindestens 12 Zeichen, Groß- und Kleinbuchstaben, eine Ziffer und eines der Zeichen #?!@$ %^&*-. Gib es dem neuen Operator auf sicherem Weg weiter; bei der ersten Anmeldung wählt er ein eigenes."
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          error={errors.password}
        />
      </div>
      {failure && <FormMessage tone="error">{failure}</FormMessage>}
      <div>
        <Button type="submit" variant="primary" disabled={sending} aria-busy={sending || undefined}>
          Operator anlegen
        </Button>
      </div>
    </form>
  );
}
