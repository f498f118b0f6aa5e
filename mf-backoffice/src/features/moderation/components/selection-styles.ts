import { css, type Theme } from '@emotion/react';

/** The label of a checkbox that selects entries, its text beside the box (a card's 'Auswählen', the bar's 'Alle …'). */
export const selectLabel = (theme: Theme) => css`
  display: inline-flex;
  align-items: center;
  gap: ${theme.space(2)};
  cursor: pointer;
`;

/** That checkbox, larger than the browser's to hit it easily. */
export const selectBox = css`
  width: 22px;
  height: 22px;
  margin: 0;
`;
