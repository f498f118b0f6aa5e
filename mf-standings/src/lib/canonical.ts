import { useEffect } from 'react';

/**
 * Points the page's `<link rel="canonical">` at `path` while the page is shown and gives the
 * previous address back when it goes (or the path changes); `null` leaves it as it is. The server
 * writes the link into the page's head (modules/previews) without the query: a page whose address
 * needs its query (`/tabelle?saison=2025`, issue 26) names itself here. The link keeps the origin
 * the server gave it (PUBLIC_URL).
 */
export function useCanonicalPath(path: string | null): void {
  useEffect(() => {
    if (path === null) return undefined;
    let link = document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]');
    const created = !link;
    if (!link) {
      link = document.createElement('link');
      link.rel = 'canonical';
      document.head.appendChild(link);
    }
    const previous = link.getAttribute('href');
    const origin = previous ? new URL(previous, location.href).origin : location.origin;
    link.setAttribute('href', new URL(path, origin).href);
    const own = link;
    return () => {
      if (created) own.remove();
      else if (previous !== null) own.setAttribute('href', previous);
    };
  }, [path]);
}
