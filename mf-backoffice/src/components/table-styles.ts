import { css, type Theme } from '@emotion/react';

/** The scrolling frame of a wide table (keyboard-focusable, so it scrolls on a tablet with the keys too). */
export const tableFrame = (theme: Theme) => css`
  overflow-x: auto;
  /* Visually hidden texts in the cells (position: absolute) stay inside the scrolling frame. */
  position: relative;
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radius};
  background: ${theme.colors.surface};
  &:focus-visible {
    outline: 3px solid ${theme.colors.focus};
  }
`;

export const table = (theme: Theme) => css`
  width: 100%;
  border-collapse: collapse;
  th,
  td {
    padding: ${theme.space(3)};
    text-align: left;
    vertical-align: top;
    border-bottom: 1px solid ${theme.colors.border};
    /* Long names and addresses wrap, but never inside a short word or a number (the frame scrolls instead). */
    overflow-wrap: break-word;
  }
  thead th {
    font-size: 0.875rem;
    white-space: nowrap;
  }
`;

export const visuallyHidden = css`
  position: absolute;
  width: 1px;
  height: 1px;
  overflow: hidden;
  clip: rect(0 0 0 0);
  white-space: nowrap;
`;

export const selectStyle = (theme: Theme) => css`
  width: 100%;
  min-height: 48px;
  padding: 0 ${theme.space(3)};
  border: 2px solid ${theme.colors.border};
  border-radius: ${theme.radius};
  font: inherit;
  background: ${theme.colors.white};
  &:focus-visible {
    outline: 3px solid ${theme.colors.focus};
    outline-offset: 1px;
  }
`;

/** A row's action buttons, one below the other, as wide as the cell. */
export const cellActions = (theme: Theme) => css`
  display: flex;
  flex-direction: column;
  align-items: stretch;
  gap: ${theme.space(2)};
`;

/**
 * A list table whose rows are headed by an e-mail address (`<th scope="row">`, the accounts, the
 * newsletter addresses): cells in the middle of the row; the address wraps anywhere rather than
 * widening the table.
 */
export const addressRows = (theme: Theme) => css`
  th,
  td {
    padding: ${theme.space(3)};
    vertical-align: middle;
  }
  tbody th {
    overflow-wrap: anywhere;
    min-width: 180px;
  }
`;
