import { css, type Theme } from '@emotion/react';
import { Icon } from '@erd/shared-contracts/ui';

export const votesLabel = (votes: number): string => (votes === 1 ? '1 Stimme' : `${votes} Stimmen`);

/** A plain vote count: thumbs-up and '12 Stimmen'. */
export function VoteCount({ votes = 0 }: { votes?: number }) {
  return (
    <span
      css={(theme: Theme) => css`
        display: inline-flex;
        align-items: center;
        gap: ${theme.space(1.5)};
        flex-shrink: 0;
        font-weight: 700;
        font-variant-numeric: tabular-nums;
        color: ${theme.colors.primaryDark};
      `}
    >
      <Icon name="thumbs-up" size="sm" color="primary-dark" />
      {votesLabel(votes)}
    </span>
  );
}
