import { screen } from '@testing-library/react';
import { mockFetch, renderWithProviders } from '@erd/shared-contracts/testing';
import { SPACE_DATA_PATH, spaceData } from '../../../testing/fixtures';
import { LegalPage } from '../components/legal-page';

/** Issue 22: a legal page stored with an off-site link (before the one link rule) must not link off the site from /terms. */
it('/terms shows a stored off-site link as text and keeps the site link', async () => {
  const data = spaceData();
  data.site.fields.terms = {
    type: 'root',
    children: [
      {
        type: 'paragraph',
        children: [
          { type: 'link', url: '/\\evil.example', children: [{ type: 'text', value: 'Rückstrich' }] },
          { type: 'text', value: ' ' },
          { type: 'link', url: '/\t/evil.example', children: [{ type: 'text', value: 'Tabulator' }] },
          { type: 'text', value: ' ' },
          { type: 'link', url: '/imprint', children: [{ type: 'text', value: 'Impressum' }] },
        ],
      },
    ],
  };
  mockFetch({ [SPACE_DATA_PATH]: { body: data } });
  renderWithProviders(<LegalPage display="terms" />);
  expect(await screen.findByRole('link', { name: 'Impressum' })).toBeInTheDocument();
  expect(screen.getByTestId('legal-text').textContent).toBe('Rückstrich Tabulator Impressum');
  const hrefs = [...screen.getByTestId('legal-text').querySelectorAll('a')].map((a) => a.getAttribute('href'));
  expect(hrefs).toEqual(['/imprint']);
});
