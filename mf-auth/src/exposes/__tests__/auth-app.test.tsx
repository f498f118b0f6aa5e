import { fireEvent, screen } from '@testing-library/react';
import { mockFetch, mockXhr, renderWithProviders } from '@erd/shared-contracts/testing';
import AuthApp from '../auth-app';

jest.mock('amazon-cognito-identity-js', () => jest.requireActual('../../testing/fake-cognito').fakeCognitoModule);

beforeEach(() => {
  mockFetch({});
  mockXhr({});
});

it('shows the login at once (it is part of the exposed module)', () => {
  renderWithProviders(<AuthApp screen="login" />, { route: '/login' });
  expect(screen.getByRole('heading', { level: 1, name: 'Einloggen' })).toBeInTheDocument();
});

it('fetches another screen when shown, with the spinner meanwhile', async () => {
  renderWithProviders(<AuthApp screen="restore-password" />, { route: '/restore-password' });
  expect(screen.getByRole('status')).toBeInTheDocument();
  expect(await screen.findByRole('heading', { level: 1, name: 'Passwort vergessen' })).toBeInTheDocument();
});

it('fetches a screen as soon as a link to it is pointed at, so following the link shows it at once', async () => {
  const view = renderWithProviders(<AuthApp screen="login" />, { route: '/login' });
  fireEvent.pointerOver(screen.getByRole('link', { name: /registrier/i }));
  await new Promise((resolve) => setTimeout(resolve, 0));
  view.rerender(<AuthApp screen="registration" />);
  expect(screen.getByRole('heading', { level: 1, name: 'Registrierung' })).toBeInTheDocument();
});
