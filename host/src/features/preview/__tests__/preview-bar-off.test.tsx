import { screen } from '@testing-library/react';
import { mockFetch, renderWithProviders } from '@erd/shared-contracts/testing';
import { SPACE_DATA_PATH, spaceData } from '../../../testing/fixtures';
import { HomePage } from '../../home/components/home-page';
import { PreviewSlot } from '../components/preview-slot';

/** Without a preview (the space data says nothing of one) no bar shows. */
beforeEach(() => {
  mockFetch({ [SPACE_DATA_PATH]: { body: spaceData() } });
});

it('shows nothing without a preview', async () => {
  renderWithProviders(
    <>
      <HomePage />
      <PreviewSlot />
    </>,
  );
  await screen.findByRole('heading', { name: 'Intro-Überschrift' });
  expect(screen.queryByRole('complementary', { name: 'Vorschau' })).not.toBeInTheDocument();
  expect(screen.queryByText(/Vorschau/)).not.toBeInTheDocument();
});
