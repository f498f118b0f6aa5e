/**
 * Validation rules shared by the forms and the server (spec §5).
 *
 * The e-mail rule of the forms layer: at most 254 characters in total, a local part of at most
 * 64 characters, and the standard address pattern (the one of the Angular forms layer the
 * product's original client used). An empty value is not a valid address; "required" and
 * "valid" therefore collapse into one check.
 */
export const EMAIL_MAX_LENGTH = 254;
export const EMAIL_LOCAL_PART_MAX_LENGTH = 64;

const EMAIL_PATTERN =
  /^[a-zA-Z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[a-zA-Z0-9!#$%&'*+/=?^_`{|}~-]+)*@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;

export function isValidEmail(value: unknown): value is string {
  if (typeof value !== 'string' || value.length === 0 || value.length > EMAIL_MAX_LENGTH) return false;
  const at = value.indexOf('@');
  if (at < 1 || at > EMAIL_LOCAL_PART_MAX_LENGTH) return false;
  return EMAIL_PATTERN.test(value);
}
