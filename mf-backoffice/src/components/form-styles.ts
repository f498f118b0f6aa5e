import { css, type Theme } from '@emotion/react';

/** The frame of a group of a form's fields (a `<fieldset>`): a thin border, rounded, padded. */
export const fieldsetFrame = (theme: Theme) => css`
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radius};
  padding: ${theme.space(4)};
  margin: 0;
`;

/** A framed group whose fields stand one under the other (its `<legend>` in bold: `legendStyle`). */
export const fieldsetBox = (theme: Theme) => css`
  ${fieldsetFrame(theme)};
  display: grid;
  gap: ${theme.space(3)};
`;

export const legendStyle = css`
  font-weight: 700;
`;

/** Fields side by side, as many as fit at `min` wide each, wrapping below; tops aligned. */
export const fieldRow = (min: string) => (theme: Theme) => css`
  display: grid;
  gap: ${theme.space(4)};
  grid-template-columns: repeat(auto-fit, minmax(${min}, 1fr));
  align-items: start;
`;

/** A list without bullets whose items stand one under the other (a table's rows as cards). */
export const stackedList = (theme: Theme) => css`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: ${theme.space(3)};
`;

/** Buttons side by side, wrapping below when the row is full. */
export const buttonRow = (theme: Theme) => css`
  display: flex;
  flex-wrap: wrap;
  gap: ${theme.space(3)};
`;

/** A button whose label stands as written, not in the kit's capitals (long labels: 'Vorschau anzeigen', '← Nach vorn'). */
export const labelAsWritten = css`
  text-transform: none;
`;
