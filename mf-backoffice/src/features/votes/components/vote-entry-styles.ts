import { css, type Theme } from '@emotion/react';
import { tableFrame } from '../../../components/table-styles';

export const heading = (theme: Theme) => css`
  margin: ${theme.space(8)} 0 ${theme.space(3)};
  font-size: 1.25rem;
`;
export const buttonRow = (theme: Theme) => css`
  display: flex;
  flex-wrap: wrap;
  gap: ${theme.space(2)};
`;
export const scrollFrame = (theme: Theme) => css`
  ${tableFrame(theme)};
  max-height: 24rem;
  overflow-y: auto;
`;
