import { isValidPassword, PHONE_PATTERN } from '@erd/shared-contracts';
import { formMessages } from '@erd/shared-contracts/forms';

/** Field validators of spec §5 (profile) for react-final-form: a message, or undefined when the value is fine. */
export type Validator = (value: unknown, allValues: object) => string | undefined;

const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

export const required =
  (message: string): Validator =>
  (value) =>
    text(value) === '' ? message : undefined;

export const phone: Validator = (value) => (PHONE_PATTERN.test(text(value)) ? undefined : formMessages.phoneInvalid);

/** Optional new password: empty, or following the password rule. */
export const optionalPassword: Validator = (value) =>
  typeof value !== 'string' || value === '' || isValidPassword(value) ? undefined : formMessages.passwordRule;

/** The repeat is needed once a new password is typed, and must equal it. */
export const optionalPasswordRepeat: Validator = (value, allValues) => {
  const password = (allValues as { password?: string }).password ?? '';
  const repeat = typeof value === 'string' ? value : '';
  if (!password && !repeat) return undefined;
  if (!repeat) return formMessages.passwordRepeatRequired;
  return repeat === password ? undefined : formMessages.passwordMismatch;
};
