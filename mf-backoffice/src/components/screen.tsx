import { css, type Theme } from '@emotion/react';
import styled from '@emotion/styled';
import type { ReactNode } from 'react';
import { getRuntimeConfig, useDocumentTitle } from '@erd/shared-contracts';

/** The tab title of a back-office screen: 'Moderation – Backoffice – Punktejagd'. */
export function useScreenTitle(screen: string): void {
  useDocumentTitle(`${screen} – Backoffice – ${getRuntimeConfig().productName}`);
}

/** A heading beside its tools (a button, a choice), which go below it when the row is full. */
export const headingRow = (theme: Theme) => css`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  justify-content: space-between;
  gap: ${theme.space(4)};
`;

/** The heading block of a screen: its h1 (also the tab title) and a sentence about it. */
export function ScreenHeader({
  title,
  titleId,
  intro,
  children,
}: {
  title: string;
  titleId?: string;
  intro?: ReactNode;
  children?: ReactNode;
}) {
  useScreenTitle(title);
  return (
    <div
      css={(theme: Theme) => css`
        ${headingRow(theme)};
        margin: 0 0 ${theme.space(6)};
      `}
    >
      <div
        css={css`
          min-width: 0;
        `}
      >
        <ScreenTitle id={titleId}>{title}</ScreenTitle>
        {intro && (
          <p
            css={(theme: Theme) => css`
              margin: ${theme.space(1)} 0 0;
              color: ${theme.colors.textMuted};
            `}
          >
            {intro}
          </p>
        )}
      </div>
      {children}
    </div>
  );
}

export const ScreenTitle = styled.h1(({ theme }) => ({
  fontFamily: theme.fonts.headline,
  fontWeight: 800,
  fontSize: '2rem',
  lineHeight: 1.15,
  margin: 0,
  color: theme.colors.primaryDark,
  overflowWrap: 'anywhere',
}));

/** The look of a section's or a dialog's `<h2>` (its margins are the caller's). */
export const sectionTitle = (theme: Theme) => css`
  font-family: ${theme.fonts.headline};
  font-size: 1.5rem;
  color: ${theme.colors.primaryDark};
`;

/** A white panel on the page background (forms, notices). */
export const Panel = styled.div(({ theme }) => ({
  background: theme.colors.surface,
  borderRadius: theme.radius,
  border: `1px solid ${theme.colors.border}`,
  padding: theme.space(6),
}));
