import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '@erd/shared-contracts/testing';
import { WhatsAppText, whatsAppHref } from './whatsapp-text';

/** The share kit's WhatsApp text (issue 23). */

const text = 'Stimm für unseren Spruch ab! https://punktejagd.example/challenge/c-1/t-12?via=whatsapp';

function setClipboard(value: unknown) {
  Object.defineProperty(navigator, 'clipboard', { value, configurable: true, writable: true });
}

afterEach(() => {
  delete (navigator as unknown as Record<string, unknown>).clipboard;
});

it('is prefilled and opens in WhatsApp (its own link with the text, in a new tab)', () => {
  renderWithProviders(<WhatsAppText text={text} />);
  expect(screen.getByRole('textbox', { name: 'Text für WhatsApp' })).toHaveValue(text);
  const link = screen.getByRole('link', { name: /In WhatsApp öffnen/ });
  expect(link).toHaveAttribute('href', `https://wa.me/?text=${encodeURIComponent(text)}`);
  expect(link).toHaveAttribute('target', '_blank');
  expect(link.getAttribute('rel')).toContain('noopener');
  expect(whatsAppHref('a & b')).toBe('https://wa.me/?text=a%20%26%20b');
});

it('"Text kopieren" copies it as changed and says "Kopiert!"; the WhatsApp link follows the change', async () => {
  // After userEvent.setup(): it puts a clipboard of its own in place.
  const user = userEvent.setup();
  const writeText = jest.fn().mockResolvedValue(undefined);
  setClipboard({ writeText });
  renderWithProviders(<WhatsAppText text={text} />);
  await user.type(screen.getByRole('textbox', { name: 'Text für WhatsApp' }), ' Danke!');
  await user.click(screen.getByRole('button', { name: 'Text kopieren' }));
  expect(writeText).toHaveBeenCalledWith(`${text} Danke!`);
  const status = screen.getByText('Kopiert!');
  expect(status).toBeVisible();
  expect(status).toHaveAttribute('role', 'status');
  expect(status).toHaveAttribute('aria-live', 'polite');
  expect(screen.getByRole('link', { name: /In WhatsApp öffnen/ }).getAttribute('href')).toMatch(/Danke!$/);
});

it('where the clipboard is refused, the text is selected to copy by hand', async () => {
  const user = userEvent.setup();
  setClipboard({ writeText: jest.fn().mockRejectedValue(new Error('denied')) });
  renderWithProviders(<WhatsAppText text={text} />);
  await user.click(screen.getByRole('button', { name: 'Text kopieren' }));
  expect(await screen.findByText(/Der Text ist markiert, kopiere ihn von Hand/)).toBeInTheDocument();
  expect(screen.queryByText('Kopiert!')).not.toBeInTheDocument();
  expect(screen.getByRole('textbox', { name: 'Text für WhatsApp' })).toHaveFocus();
});
