import { css, type Theme } from '@emotion/react';

/** `2026-06-15` → `15.06.2026`. */
export const germanDay = (day: string) => `${day.slice(8, 10)}.${day.slice(5, 7)}.${day.slice(0, 4)}`;
export const number = (n: number) => n.toLocaleString('de-DE');
export const plural = (n: number, one: string, many: string) => `${number(n)} ${n === 1 ? one : many}`;

export const sectionTitle = (theme: Theme) => css`
  margin: 0 0 ${theme.space(3)};
  font-size: 1.25rem;
  color: ${theme.colors.primaryDark};
`;
