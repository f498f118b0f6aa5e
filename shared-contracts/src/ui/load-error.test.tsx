import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '@erd/shared-contracts/testing';
import { LoadError } from './load-error';

it('announces the failure with the given sentence and retries on request', async () => {
  const onRetry = jest.fn();
  renderWithProviders(<LoadError text="Die Tabelle konnte gerade nicht geladen werden." onRetry={onRetry} data-testid="fallback" />);
  const alert = screen.getByRole('alert');
  expect(alert).toHaveAttribute('data-testid', 'fallback');
  expect(screen.getByRole('heading', { name: 'Da ist leider was schief gelaufen.' })).toBeInTheDocument();
  expect(alert).toHaveTextContent('Die Tabelle konnte gerade nicht geladen werden.');
  await userEvent.click(screen.getByRole('button', { name: 'Erneut versuchen' }));
  expect(onRetry).toHaveBeenCalledTimes(1);
});
