import { PHONE_PATTERN, PROFILE_LIMITS, isValidCode, isValidEmail, isValidPassword } from '@erd/shared-contracts/wire';
import { ValidationError } from '../../errors.js';
import { normalizeEmail } from '../../lib/email.js';
import { isSingleLineText } from '../../lib/text.js';
import type { ProfileValues } from './repository.js';

/**
 * The form rules of spec §5 on the server (the same contract functions as the forms). Every bad
 * field is named in `user` of the 400 answer.
 */

export const INVALID_INPUT_MESSAGE = 'Bitte überprüfe deine Eingaben.';

type Bag = Record<string, unknown>;

export class FieldCollector {
  readonly bad: string[] = [];

  fail(field: string): void {
    if (!this.bad.includes(field)) this.bad.push(field);
  }

  throwIfAny(): void {
    if (this.bad.length) throw new ValidationError(INVALID_INPUT_MESSAGE, { user: this.bad });
  }
}

export function asObject(value: unknown): Bag | null {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Bag) : null;
}

function requiredText(bag: Bag, name: keyof typeof PROFILE_LIMITS, out: FieldCollector): string {
  const value = bag[name];
  const text = typeof value === 'string' ? value.trim() : '';
  if (!text || text.length > PROFILE_LIMITS[name] || !isSingleLineText(text)) out.fail(name);
  return text;
}

/** firstname, lastname, street, city required (trimmed, one line, within PROFILE_LIMITS); phone optional (PHONE_PATTERN). */
export function profileValues(fields: unknown, out: FieldCollector): ProfileValues {
  const bag = asObject(fields);
  if (!bag) {
    out.fail('fields');
    return { firstname: '', lastname: '', street: '', city: '', phone: null };
  }
  const values: ProfileValues = {
    firstname: requiredText(bag, 'firstname', out),
    lastname: requiredText(bag, 'lastname', out),
    street: requiredText(bag, 'street', out),
    city: requiredText(bag, 'city', out),
    phone: null,
  };
  const phone = bag.phone;
  if (phone !== undefined && phone !== null) {
    const text = typeof phone === 'string' ? phone.trim() : null;
    if (text === null || text.length > PROFILE_LIMITS.phone || !PHONE_PATTERN.test(text)) out.fail('phone');
    else values.phone = text || null;
  }
  return values;
}

export function email(bag: Bag, out: FieldCollector): string {
  const value = bag.email;
  if (!isValidEmail(value)) {
    out.fail('email');
    return '';
  }
  return normalizeEmail(value);
}

export function code(bag: Bag, out: FieldCollector): string {
  const value = bag.code;
  if (!isValidCode(value)) out.fail('code');
  return typeof value === 'string' ? value : '';
}

export function password(bag: Bag, out: FieldCollector): string {
  const value = bag.password;
  if (!isValidPassword(value)) out.fail('password');
  return typeof value === 'string' ? value : '';
}

export interface RegistrationValues {
  email: string;
  password: string;
  clubId: string;
  profile: ProfileValues;
}

/** POST …/frontend-users/signup (RegistrationInput). */
export function registrationValues(body: unknown): RegistrationValues {
  const out = new FieldCollector();
  const bag = asObject(body) ?? {};
  const result = {
    email: email(bag, out),
    password: password(bag, out),
    profile: profileValues(bag.fields, out),
    clubId: '',
  };
  const club = asObject(asObject(bag.fields)?.club);
  const id = club?.id;
  if (typeof id !== 'string' || id.length === 0 || id.length > 200) out.fail('club');
  else result.clubId = id;
  out.throwIfAny();
  return result;
}
