import { useEffect } from 'react';
import { getRuntimeConfig } from '@erd/shared-contracts';

export function useDocumentTitle(title: string): void {
  useEffect(() => {
    let product = 'Punktejagd';
    try {
      product = getRuntimeConfig().productName;
    } catch {
      // configuration not loaded (tests of a single screen)
    }
    document.title = `${title} – ${product}`;
  }, [title]);
}
