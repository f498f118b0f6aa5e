import { css, type Theme } from '@emotion/react';
import type { ChallengeObjectTypeId, StandingRowDto } from '@erd/shared-contracts';
import { TeamTag } from '../../../components/team-tag';
import { entryFigure } from '../../../lib/challenges';
import { formatNumber } from '../../../lib/format';
import { sharedPlaceText } from '../../../lib/places';

export interface RowMetaProps {
  row: StandingRowDto;
  /** A challenge table's type (its rows show the estimate, goals or votes); none for the overall table. */
  type?: ChallengeObjectTypeId;
  /** Whether another row of the table has the same place. */
  shared: boolean;
  tone?: 'light' | 'dark';
}

/** The small print under a club's name: its team, what it entered (challenge tables) and a shared place. */
export function RowMeta({ row, type, shared, tone = 'light' }: RowMetaProps) {
  const figure = type ? entryFigure(type, row) : null;
  return (
    <span
      css={(theme: Theme) => css`
        display: flex;
        flex-wrap: wrap;
        align-items: center;
        gap: ${theme.space(1)} ${theme.space(2)};
        margin-top: ${theme.space(1)};
        font-size: 0.8125rem;
        line-height: 1.4;
        color: ${tone === 'dark' ? 'rgba(255, 255, 255, 0.85)' : theme.colors.textMuted};
      `}
    >
      <TeamTag team={row.club.team} tone={tone} />
      {figure && (
        <span>
          {figure.label} {formatNumber(figure.value)}
        </span>
      )}
      {shared && <span>{sharedPlaceText(row.place)}</span>}
    </span>
  );
}
