import type { ComponentProps, ReactNode } from 'react';
import { useField, useFormState } from 'react-final-form';
import { Button } from '@erd/shared-contracts/ui';
import { TextField, type TextFieldProps } from '@erd/shared-contracts/forms';
import type { Validator } from '../lib/validators';

/** react-final-form bindings of the shared form pieces: errors show once a field was touched (spec §5). */

type FinalTextFieldProps = Omit<TextFieldProps, 'name' | 'value' | 'onChange' | 'onBlur' | 'onFocus' | 'error'> & {
  name: string;
  validate?: Validator;
};

export function FinalTextField({ name, validate, type = 'text', ...props }: FinalTextFieldProps) {
  const { input, meta } = useField<string>(name, { validate, type });
  const error = meta.touched && meta.error ? (meta.error as string) : undefined;
  return <TextField {...props} {...input} type={type} value={input.value ?? ''} error={error} />;
}

/** Disabled while the form is invalid or being sent (spec §5). */
export function SubmitButton({ children, ...rest }: { children: ReactNode } & ComponentProps<typeof Button>) {
  const { invalid, submitting } = useFormState({ subscription: { invalid: true, submitting: true } });
  return (
    <Button type="submit" block disabled={invalid || submitting} aria-busy={submitting || undefined} {...rest}>
      {children}
    </Button>
  );
}
