import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockFetch, mockXhr, renderWithProviders } from '@erd/shared-contracts/testing';
import { Header } from '../components/header';

// A test file of its own: the menu's code is fetched once per module registry (the first test here sees it missing).

beforeEach(() => {
  document.body.className = '';
  mockXhr({ 'GET /api/me': () => new Promise(() => {}) });
  // The header's and footer's content (space data) stays unanswered: not under test here.
  mockFetch({ 'GET /content/public/spaces/erd/spacedata': () => new Promise(() => {}) });
});

describe('menu loading', () => {
  it('is not part of the first render: the button controls an empty, hidden element until the visitor heads for it', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Header />);
    const button = within(screen.getByRole('banner')).getByRole('button', { name: 'Menü öffnen' });
    const controlled = document.getElementById(button.getAttribute('aria-controls') ?? '');
    expect(controlled).not.toBeNull();
    expect(controlled).not.toBeVisible();
    expect(controlled).toBeEmptyDOMElement();

    // Pointing at the button fetches the menu (still closed), so the click opens it at once.
    fireEvent.pointerEnter(button);
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(controlled).not.toBeEmptyDOMElement();
    expect(controlled).not.toBeVisible();
    expect(button).toHaveAttribute('aria-expanded', 'false');

    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(within(screen.getByRole('navigation', { name: 'Hauptmenü' })).getByRole('link', { name: 'Home' })).toHaveFocus();
    expect(document.body).toHaveClass('erd-menu-open');
  });
});
