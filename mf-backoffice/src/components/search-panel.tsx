import { css, type Theme } from '@emotion/react';
import type { FormEvent, ReactNode } from 'react';
import { Panel } from './screen';

/**
 * The search or filter form above a list the server searches, sorts and pages: a panel with a
 * `search` landmark named `label`; its fields share a row and wrap below `fieldBasis` each, the
 * submit button sits at their foot.
 */
export function SearchPanel({
  label,
  onSubmit,
  fieldBasis = '240px',
  children,
}: {
  label: string;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  fieldBasis?: string;
  children: ReactNode;
}) {
  return (
    <Panel
      css={(theme: Theme) => css`
        margin-bottom: ${theme.space(6)};
      `}
    >
      <form
        role="search"
        aria-label={label}
        noValidate
        onSubmit={onSubmit}
        css={(theme: Theme) => css`
          display: flex;
          flex-wrap: wrap;
          align-items: flex-end;
          gap: ${theme.space(4)};
          & > div {
            flex: 1 1 ${fieldBasis};
          }
        `}
      >
        {children}
      </form>
    </Panel>
  );
}
