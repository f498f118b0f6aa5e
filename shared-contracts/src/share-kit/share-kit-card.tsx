import { css, type Theme } from '@emotion/react';
import { useId, type ReactNode } from 'react';
import { Card, Headline } from '@erd/shared-contracts/ui';

/**
 * The share kit's frame (issue 23): a card 'Teile deinen Beitrag' with the page's `intro`, `note`
 * below it (the entry's figures), then the kit's parts. A `className` (a `css` prop) adds to it.
 */
export function ShareKitCard({
  intro,
  note,
  className,
  children,
}: {
  intro: string;
  note?: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  const titleId = useId();
  return (
    <Card
      as="section"
      aria-labelledby={titleId}
      className={className}
      css={(theme: Theme) => css`
        display: grid;
        gap: ${theme.space(5)};
        padding: ${theme.space(5)} ${theme.space(4)};
        border-top: 4px solid ${theme.colors.primary};
        ${theme.mq.md} {
          padding: ${theme.space(6)};
        }
      `}
    >
      <div>
        <Headline
          as="h2"
          level="md"
          id={titleId}
          css={css`
            margin-bottom: 0.5rem;
          `}
        >
          Teile deinen Beitrag
        </Headline>
        <p
          css={css`
            margin: 0;
          `}
        >
          {intro}
        </p>
        {note}
      </div>
      {children}
    </Card>
  );
}
