import type { z } from 'zod';
import { accountErrorCodeSchema, type ProfileUpdateInputValues, type RegistrationInputValues } from '@erd/shared-contracts/schemas';
import { CodedError, ValidationError } from '../../errors.js';
import type { InvalidAnswer } from '../../http/zod.js';
import { MESSAGES } from './account-errors.js';
import type { ProfileValues } from './repository.js';

/**
 * The form rules of spec §5 are the contracts' schemas (`@erd/shared-contracts/schemas`,
 * `accounts.ts`); here is how the accounts answer what they refuse, as they always have: 400
 * `ValidationError` 'Bitte überprüfe deine Eingaben.' with every bad field named in `user`
 * (`email`, `password`, `code`, `firstname` … `phone`, `club`, `fields`, `updatedAt`, in the order
 * of the form), and a body that is no object as 'body must be object'.
 */

export const INVALID_INPUT_MESSAGE = 'Bitte überprüfe deine Eingaben.';

/** What a body that is no JSON object was always answered (the message of the former JSON schema). */
const NO_OBJECT_MESSAGE = 'body must be object';

const PROFILE_FIELDS = new Set(['firstname', 'lastname', 'street', 'city', 'phone', 'club']);

/** The field a zod issue names: `fields.firstname` → `firstname`, `fields.club.id` → `club`, `fields` when it is no object. */
function fieldOf(path: readonly PropertyKey[]): string {
  const [first, second] = path.map(String);
  if (first === 'fields' && second && PROFILE_FIELDS.has(second)) return second;
  return first ?? '';
}

/** The bad fields of `error` in the order of its issues (the form's order), each once; `fields` brings `with` along. */
function badFields(error: z.ZodError, alongWithFields: readonly string[] = []): string[] {
  const bad: string[] = [];
  const add = (field: string) => {
    if (!bad.includes(field)) bad.push(field);
  };
  for (const issue of error.issues) {
    const field = fieldOf(issue.path);
    add(field);
    if (field === 'fields') alongWithFields.forEach(add);
  }
  return bad;
}

const isNoObject = (error: z.ZodError) => error.issues.some((issue) => issue.path.length === 0);

/**
 * The answer of an accounts body schema: `alongWithFields` are named too when `fields` is no
 * object (the registration's club sits inside it).
 */
export function invalidAccountInput(alongWithFields: readonly string[] = []): InvalidAnswer {
  return (error) =>
    isNoObject(error)
      ? new ValidationError(NO_OBJECT_MESSAGE)
      : new ValidationError(INVALID_INPUT_MESSAGE, { user: badFields(error, alongWithFields) });
}

/**
 * …/forgot-password/confirm: address and code first (400 `ValidationError` naming them); a new
 * password against the rule alone is 400 `InvalidPasswordException`.
 */
export const invalidPasswordReset: InvalidAnswer = (error) => {
  if (isNoObject(error)) return new ValidationError(NO_OBJECT_MESSAGE);
  const bad = badFields(error).filter((field) => field !== 'password');
  if (bad.length) return new ValidationError(INVALID_INPUT_MESSAGE, { user: bad });
  return new CodedError(400, accountErrorCodeSchema.enum.InvalidPasswordException, MESSAGES.password);
};

export interface RegistrationValues {
  email: string;
  password: string;
  clubId: string;
  profile: ProfileValues;
}

/** The profile's columns from a schema's checked fields. */
export function profileValues(fields: ProfileUpdateInputValues['fields']): ProfileValues {
  return { firstname: fields.firstname, lastname: fields.lastname, street: fields.street, city: fields.city, phone: fields.phone };
}

/** POST …/frontend-users/signup: what the identity provider gets. */
export function registrationValues(input: RegistrationInputValues): RegistrationValues {
  return { email: input.email, password: input.password, clubId: input.fields.club.id, profile: profileValues(input.fields) };
}
