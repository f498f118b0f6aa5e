import { css, type Theme } from '@emotion/react';

/** A gap in theme steps: one for both directions, or `[row, column]`. */
export type Gap = number | readonly [number, number];

const gapOf = (theme: Theme, gap: Gap) => (typeof gap === 'number' ? theme.space(gap) : `${theme.space(gap[0])} ${theme.space(gap[1])}`);

export interface ClusterOptions {
  /** `align-items` (default `center`). */
  align?: 'center' | 'baseline' | 'flex-start' | 'flex-end';
  /** `justify-content`, when the row does not start at the left. */
  justify?: 'space-between' | 'center' | 'flex-end';
  /** Flows inside a line of text (`inline-flex`), as a heading's status beside its words. */
  inline?: boolean;
}

/**
 * The back office's row: items side by side `gap` theme steps apart, wrapping below when the row is
 * full (buttons, a status beside a heading, a logo beside its actions). Add margins next to it:
 * `css={[cluster(2), spaceAbove(3)]}`.
 */
export const cluster =
  (gap: Gap, { align = 'center', justify, inline = false }: ClusterOptions = {}) =>
  (theme: Theme) => css`
    display: ${inline ? 'inline-flex' : 'flex'};
    flex-wrap: wrap;
    align-items: ${align};
    ${justify ? `justify-content: ${justify};` : ''}
    gap: ${gapOf(theme, gap)};
  `;

/** A list (`ul`/`ol`) without bullets or indent whose items stand one under the other, `gap` theme steps apart. */
export const columnList = (gap: Gap) => (theme: Theme) => css`
  display: flex;
  flex-direction: column;
  gap: ${gapOf(theme, gap)};
  margin: 0;
  padding: 0;
  list-style: none;
`;

/** Space above a block, in theme steps (a wrapper that sets a section or a message apart). */
export const spaceAbove = (steps: number) => (theme: Theme) => css`
  margin-top: ${theme.space(steps)};
`;

/** Space below a block, in theme steps. */
export const spaceBelow = (steps: number) => (theme: Theme) => css`
  margin-bottom: ${theme.space(steps)};
`;

/** Blocks one under the other, `gap` theme steps apart (a form's fields, a screen's sections). */
export const stack = (gap: Gap) => (theme: Theme) => css`
  display: grid;
  gap: ${gapOf(theme, gap)};
`;
