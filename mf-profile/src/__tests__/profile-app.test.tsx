import { screen } from '@testing-library/react';
import { renderWithProviders } from '@erd/shared-contracts/testing';
import ProfileApp from '../exposes/profile-app';

it.each([
  ['profile', 'Profil'],
  ['delete', 'Konto löschen'],
  ['delete-confirmation', 'Konto gelöscht'],
] as const)('renders the %s screen with its German title', (screenName, title) => {
  renderWithProviders(<ProfileApp screen={screenName} />);
  expect(screen.getByRole('heading', { level: 1, name: title })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Zur Startseite' })).toHaveAttribute('href', '/');
});
