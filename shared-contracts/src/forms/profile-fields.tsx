import type { ReactNode } from 'react';
import { PHONE_PATTERN, PROFILE_LIMITS } from '@erd/shared-contracts';
import { formMessages } from './form-messages.js';
import { FormGroupTitle, FormRow, type TextFieldProps } from './form.js';

/** A field validator (react-final-form's signature): a message, or undefined when the value is fine. */
export type FieldValidator = (value: unknown, allValues: object) => string | undefined;

const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

/** A required text field: empty or only spaces gives `message`. */
export const requiredText =
  (message: string): FieldValidator =>
  (value) =>
    text(value) === '' ? message : undefined;

/** Optional phone number: empty, or digits, spaces and + - / ( ). */
export const phoneNumber: FieldValidator = (value) => (PHONE_PATTERN.test(text(value)) ? undefined : formMessages.phoneInvalid);

export type ProfileFieldName = 'firstname' | 'lastname' | 'street' | 'city' | 'phone';

/** The values of the personal data, as registration and profile forms hold them. */
export type ProfileFieldValues = Partial<Record<ProfileFieldName, string>>;

/** One field of the personal data: its name, label, input attributes and validator. */
export interface ProfileFieldSpec extends Pick<TextFieldProps, 'type' | 'autoComplete' | 'maxLength' | 'optional'> {
  name: ProfileFieldName;
  label: string;
  validate: FieldValidator;
}

/** Spec §5: first and last name, street and city are required; the phone is optional. */
export const profileFields: Record<ProfileFieldName, ProfileFieldSpec> = {
  firstname: {
    name: 'firstname',
    label: 'Vorname',
    autoComplete: 'given-name',
    maxLength: PROFILE_LIMITS.firstname,
    validate: requiredText(formMessages.firstnameRequired),
  },
  lastname: {
    name: 'lastname',
    label: 'Nachname',
    autoComplete: 'family-name',
    maxLength: PROFILE_LIMITS.lastname,
    validate: requiredText(formMessages.lastnameRequired),
  },
  street: {
    name: 'street',
    label: 'Straße & Hausnummer',
    autoComplete: 'street-address',
    maxLength: PROFILE_LIMITS.street,
    validate: requiredText(formMessages.streetRequired),
  },
  city: {
    name: 'city',
    label: 'Postleitzahl & Ort',
    autoComplete: 'address-level2',
    maxLength: PROFILE_LIMITS.city,
    validate: requiredText(formMessages.cityRequired),
  },
  phone: {
    name: 'phone',
    label: 'Telefon',
    type: 'tel',
    autoComplete: 'tel',
    optional: true,
    maxLength: PROFILE_LIMITS.phone,
    validate: phoneNumber,
  },
};

/**
 * The personal data block of registration (mf-auth) and profile (mf-profile): 'Deine Daten', first
 * and last name side by side, street, city, phone. `renderField` binds one field to the screen's
 * form library (these pieces stay plain, see form.tsx), e.g. `(spec) => <FinalTextField {...spec} />`.
 */
export function ProfileFields({ renderField }: { renderField: (field: ProfileFieldSpec) => ReactNode }) {
  return (
    <>
      <FormGroupTitle>Deine Daten</FormGroupTitle>
      <FormRow>
        {renderField(profileFields.firstname)}
        {renderField(profileFields.lastname)}
      </FormRow>
      {renderField(profileFields.street)}
      {renderField(profileFields.city)}
      {renderField(profileFields.phone)}
    </>
  );
}
