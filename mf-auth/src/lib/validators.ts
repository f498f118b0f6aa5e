import { isValidCode, isValidEmail, isValidPassword } from '@erd/shared-contracts';
import { formMessages, type FieldValidator } from '@erd/shared-contracts/forms';

/**
 * Field validators of spec §5 for react-final-form: a message, or undefined when the value is fine.
 * The personal data's are `profileFields` of the contracts' forms entry.
 */
export type Validator = FieldValidator;

const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

export const required =
  (message: string): Validator =>
  (value) =>
    value === undefined || value === null || value === false || (typeof value === 'string' && value.trim() === '') ? message : undefined;

export const email: Validator = (value) => (isValidEmail(text(value)) ? undefined : formMessages.emailInvalid);

export const password: Validator = (value) => {
  if (typeof value !== 'string' || value === '') return formMessages.passwordRequired;
  return isValidPassword(value) ? undefined : formMessages.passwordRule;
};

/** The repeat must be given and equal the field `other` (default `password`). */
export const passwordRepeat =
  (other = 'password'): Validator =>
  (value, allValues) => {
    if (typeof value !== 'string' || value === '') return formMessages.passwordRepeatRequired;
    return value === (allValues as Record<string, unknown>)[other] ? undefined : formMessages.passwordMismatch;
  };

/** Required, digits only ('Gib einen gültigen Code ein'), exactly 6 of them ('Der Code besteht aus 6 Ziffern'). */
export const code: Validator = (value) => {
  const v = text(value);
  if (!/^\d+$/.test(v)) return formMessages.codeInvalid;
  return isValidCode(v) ? undefined : formMessages.codeLength;
};
