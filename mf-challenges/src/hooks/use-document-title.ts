import { useEffect } from 'react';
import { getRuntimeConfig } from '@erd/shared-contracts';

/** Sets `document.title` to "{title} – {product name}" while the page is shown. */
export function useDocumentTitle(title: string | null) {
  useEffect(() => {
    if (title === null) return;
    document.title = `${title} – ${getRuntimeConfig().productName}`;
  }, [title]);
}
