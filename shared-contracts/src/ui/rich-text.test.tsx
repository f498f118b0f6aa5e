import { render, screen } from '@testing-library/react';
import type { RichTextDto } from '@erd/shared-contracts';
import { RichText } from './rich-text';

/** Links as they may be stored (also before the one link rule, issue 22): the renderer writes only allowed hrefs. */
const doc = (...urls: string[]): RichTextDto => ({
  type: 'root',
  children: [{ type: 'paragraph', children: urls.map((url, i) => ({ type: 'link', url, children: [{ type: 'text', value: `L${i}` }] })) }],
});

it.each([
  '/\\evil.example',
  '/\t/evil.example',
  '/\n/evil.example',
  '//evil.example',
  '/.//evil.example',
  'http://evil.example',
  'javascript:alert(1)',
  'java\nscript:alert(1)',
  'tel:123',
])('a stored link %j shows as text, without an href', (url) => {
  const { container } = render(<RichText document={doc(url)} />);
  expect(screen.getByText('L0')).toBeInTheDocument();
  expect(container.querySelector('a')).toBeNull();
});

it('writes allowed links as parsed; https opens in a new tab, site paths and mail do not', () => {
  render(<RichText document={doc('/terms', 'https://www.bfv.de', 'mailto:info@example.org')} />);
  expect(screen.getByRole('link', { name: 'L0' })).toHaveAttribute('href', '/terms');
  expect(screen.getByRole('link', { name: 'L0' })).not.toHaveAttribute('target');
  expect(screen.getByRole('link', { name: 'L1' })).toHaveAttribute('href', 'https://www.bfv.de/');
  expect(screen.getByRole('link', { name: 'L1' })).toHaveAttribute('target', '_blank');
  expect(screen.getByRole('link', { name: 'L1' })).toHaveAttribute('rel', 'noopener noreferrer');
  expect(screen.getByRole('link', { name: 'L2' })).toHaveAttribute('href', 'mailto:info@example.org');
});
