import { css, type Theme } from '@emotion/react';
import type { ReactNode } from 'react';
import { Headline } from '@erd/shared-contracts/ui';

/** The action's place: below the text on a phone, beside it from `md`. */
export const noticeAction = (theme: Theme) => css`
  margin-top: ${theme.space(5)};
  flex-shrink: 0;
  ${theme.mq.md} {
    margin-top: 0;
  }
`;

/**
 * The panel above the challenge list that says where the season stands (it starts soon, or it is
 * decided): a headline, its text and an action, on the brand's yellow (`light`) or navy (`dark`).
 */
export function OverviewNotice({
  id,
  tone,
  title,
  action,
  testId,
  children,
}: {
  id: string;
  tone: 'light' | 'dark';
  title: ReactNode;
  action?: ReactNode;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <section
      aria-labelledby={id}
      data-testid={testId}
      css={(theme: Theme) => css`
        margin-bottom: ${theme.space(8)};
        padding: ${theme.space(6)} ${theme.space(5)};
        border-radius: ${theme.radius};
        background: ${tone === 'light' ? theme.colors.primary : theme.colors.primaryDark};
        color: ${tone === 'light' ? theme.colors.primaryDark : theme.colors.white};
        ${theme.mq.md} {
          display: flex;
          align-items: center;
          justify-content: space-between;
          gap: ${theme.space(8)};
          padding: ${theme.space(8)} ${theme.space(10)};
        }
      `}
    >
      <div>
        <Headline
          as="h2"
          level="lg"
          id={id}
          css={
            tone === 'dark'
              ? (theme: Theme) => css`
                  color: ${theme.colors.white};
                `
              : undefined
          }
        >
          {title}
        </Headline>
        {children}
      </div>
      {action}
    </section>
  );
}
