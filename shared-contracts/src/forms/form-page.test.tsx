import { screen } from '@testing-library/react';
import { renderWithProviders } from '@erd/shared-contracts/testing';
import { FormPage } from './form-page';

it('frames a screen with its headline and intro and sets the tab title with the product name', () => {
  renderWithProviders(
    <FormPage title="Einloggen" intro="Melde dich an.">
      <button type="button">Los</button>
    </FormPage>,
  );
  expect(screen.getByRole('heading', { level: 1, name: 'Einloggen' })).toBeInTheDocument();
  expect(screen.getByText('Melde dich an.')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Los' })).toBeInTheDocument();
  expect(document.title).toBe('Einloggen – Punktejagd');
});
