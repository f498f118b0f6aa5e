import { screen } from '@testing-library/react';
import { renderWithProviders } from '@erd/shared-contracts/testing';
import AuthApp from '../exposes/auth-app';

it.each([
  ['login', 'Einloggen'],
  ['registration', 'Registrierung'],
  ['confirmation', 'E-Mail bestätigen'],
  ['restore-password', 'Passwort vergessen'],
  ['change-password', 'Neues Passwort'],
] as const)('renders the %s screen with its German title', (screenName, title) => {
  renderWithProviders(<AuthApp screen={screenName} />);
  expect(screen.getByRole('heading', { level: 1, name: title })).toBeInTheDocument();
  expect(document.title).toBe(`${title} – Punktejagd`);
  expect(screen.getByRole('link', { name: 'Zu den Challenges' })).toHaveAttribute('href', '/challenge');
});
