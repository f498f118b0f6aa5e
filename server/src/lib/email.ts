/**
 * The e-mail rule of spec §5: at most 254 characters in total, local part at most 64, and the
 * standard address pattern (the one of the Angular forms layer the product's client used).
 */
const EMAIL_PATTERN =
  /^(?=.{1,254}$)(?=.{1,64}@)[a-zA-Z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[a-zA-Z0-9!#$%&'*+/=?^_`{|}~-]+)*@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;

export function isValidEmail(value: unknown): value is string {
  return typeof value === 'string' && EMAIL_PATTERN.test(value);
}

/** The form addresses are stored and compared in. */
export function normalizeEmail(value: string): string {
  return value.trim().toLowerCase();
}
