import { act, fireEvent, screen } from '@testing-library/react';
import { mockFetch, renderWithProviders } from '@erd/shared-contracts/testing';
import { Footer } from '../components/footer';

// A test file of its own: the form's code is fetched once per module registry (the test sees it missing).

const observe = jest.fn();
beforeEach(() => {
  // The header's and footer's content (space data) stays unanswered: not under test here.
  mockFetch({ 'GET /content/public/spaces/erd/spacedata': () => new Promise(() => {}) });
  window.IntersectionObserver = jest.fn(() => ({
    observe,
    disconnect: jest.fn(),
    unobserve: jest.fn(),
  })) as unknown as typeof IntersectionObserver;
});
afterEach(() => {
  delete (window as { IntersectionObserver?: unknown }).IntersectionObserver;
});

it('fetches the newsletter form only once the visitor scrolls (or the footer nears the viewport), keeping its place until then', async () => {
  renderWithProviders(<Footer />);
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
  expect(screen.queryByLabelText('E-Mail-Adresse')).not.toBeInTheDocument();
  expect(observe).toHaveBeenCalledTimes(1);

  fireEvent.scroll(window);
  expect(await screen.findByLabelText('E-Mail-Adresse')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Anmelden' })).toBeInTheDocument();
});
