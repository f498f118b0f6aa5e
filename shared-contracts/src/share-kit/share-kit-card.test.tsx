import { screen, within } from '@testing-library/react';
import { renderWithProviders } from '@erd/shared-contracts/testing';
import { ShareActions } from './share-actions';
import { ShareKitCard } from './share-kit-card';

it('is a region named by its heading, with the intro, the note and the parts', () => {
  renderWithProviders(
    <ShareKitCard intro="Schick den Link in eure Gruppen." note={<p>3 Besuche</p>}>
      <ShareActions>
        <button type="button">Teilen</button>
      </ShareActions>
    </ShareKitCard>,
  );
  const region = screen.getByRole('region', { name: 'Teile deinen Beitrag' });
  expect(within(region).getByRole('heading', { level: 2, name: 'Teile deinen Beitrag' })).toBeInTheDocument();
  expect(within(region).getByText('Schick den Link in eure Gruppen.')).toBeInTheDocument();
  expect(within(region).getByText('3 Besuche')).toBeInTheDocument();
  expect(within(region).getByRole('button', { name: 'Teilen' })).toBeInTheDocument();
});
