import { screen } from '@testing-library/react';
import { renderWithProviders } from '@erd/shared-contracts/testing';
import { NotFoundScreen } from './not-found';

it('shows the 404 texts with the product name and a way back to the challenges', () => {
  renderWithProviders(<NotFoundScreen productName="Punktejagd" />);
  expect(screen.getByRole('heading', { name: 'kein Treffer' })).toBeInTheDocument();
  expect(screen.getByText('Aber bei der Punktejagd kassierst du trotzdem Punkte!')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Zu den Challenges' })).toHaveAttribute('href', '/challenge');
});
