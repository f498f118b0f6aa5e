import { isValidPassword } from '@erd/shared-contracts';
import { formMessages, type FieldValidator } from '@erd/shared-contracts/forms';

/**
 * The profile's password validators (spec §5) for react-final-form: a message, or undefined when the
 * value is fine. The personal data's are `profileFields` of the contracts' forms entry.
 */
export type Validator = FieldValidator;

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
