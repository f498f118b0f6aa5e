import type { ComponentProps, ReactNode } from 'react';
import { useField, useFormState } from 'react-final-form';
import { EMAIL_MAX_LENGTH, PASSWORD_MAX_LENGTH } from '@erd/shared-contracts';
import { Button } from '@erd/shared-contracts/ui';
import { CheckboxField, TextField, type TextFieldProps } from '@erd/shared-contracts/forms';
import { password, passwordRepeat, type Validator } from '../lib/validators';

/** react-final-form bindings of the shared form pieces: errors show once a field was touched (spec §5). */

type FinalTextFieldProps = Omit<TextFieldProps, 'name' | 'value' | 'onChange' | 'onBlur' | 'onFocus' | 'error'> & {
  name: string;
  validate?: Validator;
  /** Hide the field's own message (the login shows one hint for the whole form). */
  hideError?: boolean;
};

export function FinalTextField({ name, validate, hideError = false, type = 'text', ...props }: FinalTextFieldProps) {
  const { input, meta } = useField<string>(name, { validate, type });
  const error = meta.touched && meta.error ? (meta.error as string) : undefined;
  return (
    <TextField
      {...props}
      {...input}
      type={type}
      value={input.value ?? ''}
      error={hideError ? undefined : error}
      aria-invalid={error ? true : undefined}
    />
  );
}

/** The account's e-mail address ('E-Mail-Adresse', field `email`, the contracts' length); a screen may relabel it or set its autocomplete. */
export function FinalEmailField(props: Omit<FinalTextFieldProps, 'name' | 'type' | 'label'> & { label?: string }) {
  return (
    <FinalTextField
      name="email"
      label="E-Mail-Adresse"
      inputMode="email"
      autoComplete="email"
      maxLength={EMAIL_MAX_LENGTH}
      {...props}
      type="email"
    />
  );
}

export function FinalCheckbox({ name, label, validate }: { name: string; label: ReactNode; validate?: Validator }) {
  const { input, meta } = useField<boolean>(name, { validate, type: 'checkbox' });
  const { value: _value, ...checkbox } = input;
  return <CheckboxField {...checkbox} label={label} error={meta.touched && meta.error ? (meta.error as string) : undefined} />;
}

/** Disabled while the form is invalid or being sent (spec §5). */
export function SubmitButton({ children, busy = false, ...rest }: { children: ReactNode; busy?: boolean } & ComponentProps<typeof Button>) {
  const { invalid, submitting } = useFormState({ subscription: { invalid: true, submitting: true } });
  const loading = submitting || busy;
  return (
    <Button type="submit" block disabled={invalid || loading} aria-busy={loading || undefined} {...rest}>
      {children}
    </Button>
  );
}

/** A new password (with the rule as its hint) and its repeat: registration and the new password after a reset. */
export function NewPasswordFields({ label }: { label: string }) {
  return (
    <>
      <FinalTextField
        name="password"
        label={label}
        type="password"
        autoComplete="new-password"
        maxLength={PASSWORD_MAX_LENGTH}
        validate={password}
        hint="Mindestens 8 Zeichen mit Groß- und Kleinbuchstaben, Ziffer und Sonderzeichen (#?!@$ %^&*-)."
      />
      <FinalTextField
        name="password_repeat"
        label="Passwort wiederholen"
        type="password"
        autoComplete="new-password"
        maxLength={PASSWORD_MAX_LENGTH}
        validate={passwordRepeat('password')}
      />
    </>
  );
}
