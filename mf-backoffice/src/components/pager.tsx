import { css, type Theme } from '@emotion/react';
import { Button } from '@erd/shared-contracts/ui';

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
    <nav
      aria-label={label}
      css={(theme: Theme) => css`
        display: flex;
        flex-wrap: wrap;
        align-items: center;
        justify-content: center;
        gap: ${theme.space(4)};
        margin-top: ${theme.space(6)};
      `}
    >
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
