import { screen } from '@testing-library/react';
import { mockFetch, renderWithProviders } from '@erd/shared-contracts/testing';
import { SPACE_DATA_PATH, spaceData } from '../../../testing/fixtures';
import { LegalPage } from '../components/legal-page';

beforeEach(() => {
  mockFetch({ [SPACE_DATA_PATH]: { body: spaceData() } });
});

describe('legal page', () => {
  it.each([
    ['terms', 'Teilnahmebedingungen', 'Text der Teilnahmebedingungen'],
    ['dataProtection', 'Datenschutz', 'Text der Datenschutzerklärung'],
    ['imprint', 'Impressum', 'Text des Impressums'],
  ] as const)('display %s shows its page title and the matching rich-text field', async (display, title, text) => {
    renderWithProviders(<LegalPage display={display} />);
    expect(screen.getByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    expect(await screen.findByText(text)).toBeInTheDocument();
    expect(screen.getByTestId('legal-text').textContent).toBe(text);
    expect(document.title).toBe(`${title} – Punktejagd`);
  });

  it('restores the previous document title when it goes', async () => {
    document.title = 'Vorher';
    const { unmount } = renderWithProviders(<LegalPage display="imprint" />);
    await screen.findByText('Text des Impressums');
    expect(document.title).toBe('Impressum – Punktejagd');
    unmount();
    expect(document.title).toBe('Vorher');
  });
});
