import { css, type Theme } from '@emotion/react';
import type { FormEvent, ReactNode } from 'react';
import { TextField } from '@erd/shared-contracts/forms';
import { Button } from '@erd/shared-contracts/ui';
import { Panel } from './screen';

/**
 * The search or filter form above a list the server searches, sorts and pages: a panel with a
 * `search` landmark named `label`; its fields share a row and wrap below `fieldBasis` each, the
 * submit button (`submitLabel`: 'Suchen', 'Filtern') sits at their foot. `columns` puts them in a grid instead (columns of at least that
 * width); `spaceBelow` is the gap under the panel in theme steps; `after` goes in the panel below the form.
 */
export function SearchPanel({
  label,
  submitLabel,
  onSubmit,
  fieldBasis = '240px',
  columns,
  spaceBelow = 6,
  after,
  children,
}: {
  label: string;
  /** The submit button after the fields; omit it to place buttons of the form's own. */
  submitLabel?: string;
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
        {submitLabel && (
          <Button type="submit" variant="primary">
            {submitLabel}
          </Button>
        )}
      </form>
      {after}
    </Panel>
  );
}

/** The text a list is searched for (`name="query"`, a search box), in a `SearchPanel`. */
export function QueryField({
  label,
  hint,
  maxLength,
  value,
  onChange,
}: {
  label: string;
  hint?: string;
  maxLength: number;
  value: string;
  onChange: (query: string) => void;
}) {
  return (
    <TextField
      label={label}
      hint={hint}
      name="query"
      type="search"
      maxLength={maxLength}
      value={value}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}
