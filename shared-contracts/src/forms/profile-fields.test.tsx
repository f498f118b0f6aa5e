import { screen } from '@testing-library/react';
import { renderWithProviders } from '@erd/shared-contracts/testing';
import { formMessages } from './form-messages';
import { phoneNumber, ProfileFields, profileFields, requiredText } from './profile-fields';

it('lists the personal data in the order of the forms, phone optional', () => {
  renderWithProviders(
    <ProfileFields renderField={(field) => <p>{`${field.name}:${field.label}${field.optional ? ' (optional)' : ''}`}</p>} />,
  );
  expect(screen.getByRole('heading', { level: 2, name: 'Deine Daten' })).toBeInTheDocument();
  expect(screen.getAllByText(/:/).map((p) => p.textContent)).toEqual([
    'firstname:Vorname',
    'lastname:Nachname',
    'street:Straße & Hausnummer',
    'city:Postleitzahl & Ort',
    'phone:Telefon (optional)',
  ]);
});

it('requires the names and the address, and a phone number that looks like one when given', () => {
  expect(profileFields.firstname.validate('  ', {})).toBe(formMessages.firstnameRequired);
  expect(profileFields.city.validate(undefined, {})).toBe(formMessages.cityRequired);
  expect(profileFields.street.validate('Hauptstraße 1', {})).toBeUndefined();
  expect(requiredText('nötig')('x', {})).toBeUndefined();
  expect(phoneNumber('', {})).toBeUndefined();
  expect(phoneNumber('+49 (89) 123-456/7', {})).toBeUndefined();
  expect(phoneNumber('ruf mich an', {})).toBe(formMessages.phoneInvalid);
});
