import { css, type Theme } from '@emotion/react';
import type { FormEvent, ReactNode } from 'react';
import { Panel } from './screen';

/**
 * The search or filter form above a list the server searches, sorts and pages: a panel with a
 * `search` landmark named `label`; its fields share a row and wrap below `fieldBasis` each, the
 * submit button sits at their foot. `columns` puts them in a grid instead (columns of at least that
 * width); `spaceBelow` is the gap under the panel in theme steps; `after` goes in the panel below the form.
 */
export function SearchPanel({
  label,
  onSubmit,
  fieldBasis = '240px',
  columns,
  spaceBelow = 6,
  after,
  children,
}: {
  label: string;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  fieldBasis?: string;
  columns?: string;
  spaceBelow?: number;
  after?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Panel
      css={(theme: Theme) => css`
        margin-bottom: ${theme.space(spaceBelow)};
      `}
    >
      <form
        role="search"
        aria-label={label}
        noValidate
        onSubmit={onSubmit}
        css={(theme: Theme) =>
          columns
            ? css`
                display: grid;
                gap: ${theme.space(4)};
                grid-template-columns: repeat(auto-fill, minmax(${columns}, 1fr));
                align-items: start;
              `
            : css`
                display: flex;
                flex-wrap: wrap;
                align-items: flex-end;
                gap: ${theme.space(4)};
                & > div {
                  flex: 1 1 ${fieldBasis};
                }
              `
        }
      >
        {children}
      </form>
      {after}
    </Panel>
  );
}
