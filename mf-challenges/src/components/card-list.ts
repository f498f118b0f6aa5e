import { css } from '@emotion/react';

/** A list of cards (challenges, prizes, entries): a grid of one column without bullets or indent; each list sets its gap and further columns. */
export const cardListStyle = css`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  margin: 0;
  padding: 0;
  list-style: none;
`;
