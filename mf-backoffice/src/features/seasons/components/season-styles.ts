import { css, type Theme } from '@emotion/react';
import { sectionTitle } from '../../../components/screen';

export const smallButton = (theme: Theme) => css`
  min-height: 40px;
  padding: ${theme.space(1.5)} ${theme.space(3)};
  font-size: 0.875rem;
  letter-spacing: 0;
  text-transform: none;
`;

export const noticeCss = (theme: Theme) => css`
  display: grid;
  gap: ${theme.space(3)};
  margin-bottom: ${theme.space(4)};
  &:focus {
    outline: none;
  }
  &:empty {
    display: none;
  }
`;

export const muted = (theme: Theme) => css`
  margin: 0;
  color: ${theme.colors.textMuted};
  font-size: 0.875rem;
`;

export const subheading = (theme: Theme) => css`
  ${sectionTitle(theme)};
  margin: ${theme.space(6)} 0 ${theme.space(3)};
`;

export const card = (withdrawn: boolean) => (theme: Theme) => css`
  padding: ${theme.space(4)};
  border: 1px solid ${theme.colors.border};
  border-left: 4px solid ${withdrawn ? theme.colors.textMuted : theme.colors.primary};
  border-radius: ${theme.radius};
  background: ${withdrawn ? theme.colors.background : theme.colors.surface};
`;

export const numberCss = (theme: Theme) => css`
  font-family: ${theme.fonts.headline};
  font-weight: 900;
  font-size: 1.25rem;
  color: ${theme.colors.primaryDark};
  min-width: 2.5rem;
`;

export const headlineCss = css`
  margin: 0;
  font-size: 1.125rem;
  overflow-wrap: anywhere;
  flex: 1 1 240px;
`;

export const meta = (theme: Theme) => css`
  margin: ${theme.space(1)} 0 0;
  color: ${theme.colors.textMuted};
`;

export const withdrawnCss = (theme: Theme) => css`
  margin: ${theme.space(2)} 0 0;
  padding: ${theme.space(2)} ${theme.space(3)};
  border-radius: ${theme.radius};
  background: #fbeceb;
  color: ${theme.colors.textDark};
  overflow-wrap: anywhere;
`;

export const orderBar = (theme: Theme) => css`
  position: sticky;
  bottom: 0;
  z-index: 1;
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${theme.space(3)};
  margin-top: ${theme.space(4)};
  padding: ${theme.space(4)};
  border: 2px solid ${theme.colors.primaryDark};
  border-radius: ${theme.radius};
  background: ${theme.colors.surface};
`;

export const linkButton = (theme: Theme) => css`
  padding: 0;
  border: 0;
  background: none;
  font: inherit;
  color: ${theme.colors.primaryDark};
  text-decoration: underline;
  cursor: pointer;
  &:focus-visible {
    outline: 3px solid ${theme.colors.focus};
    outline-offset: 2px;
  }
`;
