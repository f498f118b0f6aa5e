import { renderHook } from '@testing-library/react';
import { useDocumentTitle } from './document-title';

beforeEach(() => {
  document.title = 'Vorher';
});

it('sets the whole title while mounted and gives the previous one back', () => {
  const { unmount } = renderHook(() => useDocumentTitle('Impressum – Punktejagd'));
  expect(document.title).toBe('Impressum – Punktejagd');
  unmount();
  expect(document.title).toBe('Vorher');
});

it('leaves the title alone while it is null, then follows it', () => {
  const { rerender } = renderHook(({ title }: { title: string | null }) => useDocumentTitle(title), {
    initialProps: { title: null as string | null },
  });
  expect(document.title).toBe('Vorher');
  rerender({ title: 'TSV Eching' });
  expect(document.title).toBe('TSV Eching');
  rerender({ title: 'Gesamttabelle' });
  expect(document.title).toBe('Gesamttabelle');
});
