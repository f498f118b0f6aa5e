import { css, type Theme } from '@emotion/react';
import { TEAM_LABELS, type Team } from '@erd/shared-contracts';

/**
 * Herren or Damen beside a club's name: one club number may stand in a table twice (once per
 * team), so every row says which team it is.
 */
export function TeamTag({ team, tone = 'light' }: { team: Team; tone?: 'light' | 'dark' }) {
  return (
    <span
      css={(theme: Theme) => css`
        display: inline-block;
        padding: 0 0.5em;
        border-radius: 999px;
        font-size: 0.75rem;
        font-weight: 700;
        line-height: 1.6;
        letter-spacing: 0.02em;
        white-space: nowrap;
        background: ${tone === 'dark' ? 'rgba(255, 255, 255, 0.16)' : theme.colors.background};
        color: ${tone === 'dark' ? theme.colors.white : theme.colors.primaryDark};
        box-shadow: inset 0 0 0 1px ${tone === 'dark' ? 'rgba(255, 255, 255, 0.35)' : theme.colors.border};
      `}
    >
      {TEAM_LABELS[team] ?? team}
    </span>
  );
}
