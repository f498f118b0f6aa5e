import { useEffect } from 'react';

/**
 * Sets the tab title while the page is shown and gives the previous one back when it goes (or the
 * title changes). `title` is the whole text: pages differ in whether they add the product name
 * ('Impressum – Punktejagd', 'Gesamttabelle', 'kein Treffer'). `null` leaves the title as it is,
 * e.g. while the page's data is still loading.
 */
export function useDocumentTitle(title: string | null): void {
  useEffect(() => {
    if (title === null) return undefined;
    const previous = document.title;
    document.title = title;
    return () => {
      document.title = previous;
    };
  }, [title]);
}
