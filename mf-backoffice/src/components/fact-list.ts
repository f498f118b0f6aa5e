import { css, type Theme } from '@emotion/react';

/**
 * A list of facts (`<dl>`): each term in bold beside its value, long values wrap. `columns` is the
 * grid's template, `rowGap` the gap between the lines in theme steps; no margin.
 */
export const factList = (theme: Theme, { columns = 'max-content minmax(0, 1fr)', rowGap = 1.5 } = {}) => css`
  display: grid;
  grid-template-columns: ${columns};
  gap: ${theme.space(rowGap)} ${theme.space(4)};
  margin: 0;
  dt {
    font-weight: 700;
  }
  dd {
    margin: 0;
    overflow-wrap: anywhere;
  }
`;
