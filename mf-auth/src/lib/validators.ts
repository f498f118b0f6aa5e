import { isValidEmail, isValidPassword, PHONE_PATTERN } from '@erd/shared-contracts';
import { formMessages } from '@erd/shared-contracts/forms';

/** Field validators of spec §5 for react-final-form: a message, or undefined when the value is fine. */
export type Validator = (value: unknown, allValues: object) => string | undefined;

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
  return v.length === 6 ? undefined : formMessages.codeLength;
};

/** Optional phone number: empty, or digits, spaces and + - / ( ). */
export const phone: Validator = (value) => (PHONE_PATTERN.test(text(value)) ? undefined : formMessages.phoneInvalid);
