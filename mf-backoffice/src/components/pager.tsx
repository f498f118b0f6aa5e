import { Button } from '@erd/shared-contracts/ui';
import { cluster, spaceAbove } from './layout-styles';

/** Where a page is in a list: `current` counts from 1, `pages` is at least 1. */
export interface PagePosition {
  current: number;
  pages: number;
}

/** The page that starts at row `from` of `total` rows, `size` to a page. */
export function pagePosition(from: number, total: number, size: number): PagePosition {
  return { current: Math.floor(from / size) + 1, pages: Math.max(1, Math.ceil(total / size)) };
}

/** A list table's caption for a screen reader: 'Vereine, sortiert nach Name (A–Z), Seite 1 von 3'. */
export const sortedPageCaption = (rows: string, sortLabel: string, { current, pages }: PagePosition) =>
  `${rows}, sortiert nach ${sortLabel}, Seite ${current} von ${pages}`;

/**
 * 'Zurück' · 'Seite n von m' · 'Weiter' under a list the server pages. `page` counts from 1;
 * `onPage` gets the page to load. Nothing when everything fits on one page.
 */
export function Pager({
  page,
  pages,
  onPage,
  label = 'Seiten',
}: {
  page: number;
  pages: number;
  onPage: (page: number) => void;
  label?: string;
}) {
  if (pages <= 1) return null;
  return (
    <nav aria-label={label} css={[cluster(4, { justify: 'center' }), spaceAbove(6)]}>
      <Button variant="outline" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Zurück
      </Button>
      <span>
        Seite {page} von {pages}
      </span>
      <Button variant="outline" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        Weiter
      </Button>
    </nav>
  );
}
