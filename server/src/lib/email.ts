/**
 * The e-mail rule of spec §5 lives once in the contracts (the forms use the same function):
 * at most 254 characters, local part at most 64, the standard address pattern.
 */
export { isValidEmail } from '@erd/shared-contracts/wire';

/** The form addresses are stored and compared in. */
export function normalizeEmail(value: string): string {
  return value.trim().toLowerCase();
}
