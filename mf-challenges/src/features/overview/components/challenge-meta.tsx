import { css, type Theme } from '@emotion/react';
import type { ChallengeDto, ChallengeTimeState } from '@erd/shared-contracts';
import { VisuallyHidden } from '@erd/shared-contracts/ui';
import { ChallengeBadge } from '../../../components/challenge-badge';
import { formatDateRange } from '../../../lib/dates';
import { timeStateLabels } from '../utils/time-state-labels';

/** Badge #n, the dates (dd.MM – dd.MM) and the time state of a challenge. */
export function ChallengeMeta({ challenge, number, state }: { challenge: ChallengeDto; number: number; state: ChallengeTimeState }) {
  return (
    <div
      css={(theme: Theme) => css`
        display: flex;
        align-items: center;
        flex-wrap: wrap;
        gap: ${theme.space(3)};
        margin-bottom: ${theme.space(3)};
      `}
    >
      <ChallengeBadge number={number} />
      <p
        css={css`
          margin: 0;
          font-weight: 700;
          font-variant-numeric: tabular-nums;
        `}
      >
        <VisuallyHidden>Zeitraum: </VisuallyHidden>
        {formatDateRange(challenge.fields.startDate, challenge.fields.endDate)}
      </p>
      <span
        data-state={state}
        css={(theme: Theme) => css`
          margin-left: auto;
          padding: ${theme.space(0.5)} ${theme.space(2.5)};
          border-radius: 999px;
          font-size: 0.8125rem;
          font-weight: 700;
          text-transform: uppercase;
          letter-spacing: 0.04em;
          background: ${theme.colors.background};
          color: ${theme.colors.textDark};
          border: 1px solid ${theme.colors.border};
          &[data-state='ongoing'],
          &[data-state='submit'],
          &[data-state='vote'] {
            /* The darker green of the theme: white on it has 5.4:1 (on 'secondary' 4.4:1, below AA). */
            background: ${theme.colors.success};
            border-color: ${theme.colors.success};
            color: ${theme.colors.white};
          }
        `}
      >
        {timeStateLabels[state]}
      </span>
    </div>
  );
}
