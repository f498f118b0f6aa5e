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

/**
 * Spec §5 password rule: at least 8 characters with an upper- and a lower-case letter, a digit and
 * a special character from `#?!@$ %^&*-`. At most 256 characters (the identity service's limit).
 */
export const PASSWORD_PATTERN = /^(?=.*?[A-Z])(?=.*?[a-z])(?=.*?[0-9])(?=.*?[#?!@$ %^&*-]).{8,}$/;
export const PASSWORD_MAX_LENGTH = 256;

export function isValidPassword(value: unknown): value is string {
  return typeof value === 'string' && value.length <= PASSWORD_MAX_LENGTH && PASSWORD_PATTERN.test(value);
}

/** Spec §5: a confirmation or reset code is exactly 6 digits. */
export const CODE_PATTERN = /^\d{6}$/;

export function isValidCode(value: unknown): value is string {
  return typeof value === 'string' && CODE_PATTERN.test(value);
}

/** Upper bounds the server enforces on profile fields (the forms use them as maxlength too). */
export const PROFILE_LIMITS = {
  firstname: 100,
  lastname: 100,
  street: 200,
  city: 200,
  phone: 40,
} as const;

/** Optional phone number: digits, spaces and + - / ( ), at most 40 characters. */
export const PHONE_PATTERN = /^[0-9+\-/() ]{0,40}$/;

/** Decisions §4: an estimate or goals count is a whole number of 1 to 9 digits. */
export const ESTIMATE_PATTERN = /^\d{1,9}$/;

/** Decisions §4: a slogan has at most 200 characters. */
export const SLOGAN_MAX_LENGTH = 200;
