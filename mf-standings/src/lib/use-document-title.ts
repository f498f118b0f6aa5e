import { useEffect } from 'react';

/** Sets `document.title` while the page is shown and gives the previous title back afterwards. */
export function useDocumentTitle(title: string | null) {
  useEffect(() => {
    if (title === null) return undefined;
    const previous = document.title;
    document.title = title;
    return () => {
      document.title = previous;
    };
  }, [title]);
}
