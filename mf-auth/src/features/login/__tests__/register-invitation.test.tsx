import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '@erd/shared-contracts/testing';
import AuthApp from '../../../exposes/auth-app';
import { LocationDisplay } from '../../../testing/location';

jest.mock('amazon-cognito-identity-js', () => jest.requireActual('../../../testing/fake-cognito').fakeCognitoModule);

/** Issue 24: the login makes registering obvious for a visitor without an account. */
it('offers a block of its own, right after the login button, that leads to the registration', async () => {
  const user = userEvent.setup();
  renderWithProviders(
    <>
      <AuthApp screen="login" />
      <LocationDisplay />
    </>,
    { route: '/login' },
  );
  const block = screen.getByRole('region', { name: 'Noch nicht dabei?' });
  expect(block).toHaveTextContent('Registriere deine Mannschaft – pro Verein und Team gibt es ein Konto.');
  const link = within(block).getByRole('link', { name: 'Mannschaft registrieren' });
  expect(link).toHaveAttribute('href', '/registration');

  // Before the smaller links, after the form: seen without scrolling past them.
  const loginButton = screen.getByRole('button', { name: 'Einloggen' });
  expect(loginButton.compareDocumentPosition(block) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  expect(
    block.compareDocumentPosition(screen.getByRole('link', { name: 'Passwort vergessen?' })) & Node.DOCUMENT_POSITION_FOLLOWING,
  ).toBeTruthy();

  await user.click(link);
  expect(screen.getByTestId('location')).toHaveTextContent('/registration');
});
