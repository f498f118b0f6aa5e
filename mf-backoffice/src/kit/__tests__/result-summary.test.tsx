import { screen } from '@testing-library/react';
import { createRef } from 'react';
import { renderWithProviders } from '@erd/shared-contracts/testing';
import { ResultSummary } from '../result-summary';

it('is a heading the screen can focus, read out when live', () => {
  const ref = createRef<HTMLHeadingElement>();
  renderWithProviders(
    <ResultSummary ref={ref} live>
      12 Einträge
    </ResultSummary>,
  );
  const heading = screen.getByRole('heading', { level: 2, name: '12 Einträge' });
  expect(heading).toHaveAttribute('tabindex', '-1');
  expect(heading).toHaveAttribute('aria-live', 'polite');
  ref.current?.focus();
  expect(heading).toHaveFocus();
});

it('is not live unless asked', () => {
  renderWithProviders(<ResultSummary>Kein Konto passt zur Suche.</ResultSummary>);
  expect(screen.getByRole('heading', { name: 'Kein Konto passt zur Suche.' })).not.toHaveAttribute('aria-live');
});
