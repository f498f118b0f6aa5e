import { css, type Theme } from '@emotion/react';
import type { SeasonState } from '@erd/shared-contracts/schemas';
import { SEASON_STATE_LABELS } from '../lib';

const tones: Record<SeasonState, (theme: Theme) => { color: string; background: string; border: string }> = {
  draft: (theme) => ({ color: theme.colors.primaryDark, background: '#eef2f7', border: theme.colors.primaryDark }),
  live: (theme) => ({ color: theme.colors.white, background: theme.colors.success, border: theme.colors.success }),
  ended: (theme) => ({ color: theme.colors.textMuted, background: theme.colors.background, border: theme.colors.border }),
};

/** The small rounded label both badges are drawn as. */
const pill = (theme: Theme) => css`
  display: inline-block;
  padding: 0 ${theme.space(2)};
  border-radius: 999px;
  font-size: 0.875rem;
  font-weight: 700;
  line-height: 1.6;
  white-space: nowrap;
`;

/** 'Entwurf', 'live' or 'beendet' as a small label (the word itself, never the colour alone, says it). */
export function StateBadge({ state }: { state: SeasonState }) {
  return (
    <span
      css={(theme: Theme) => {
        const tone = tones[state](theme);
        return css`
          ${pill(theme)};
          border: 1px solid ${tone.border};
          background: ${tone.background};
          color: ${tone.color};
        `;
      }}
    >
      {SEASON_STATE_LABELS[state]}
    </span>
  );
}

/** 'Öffentlich sichtbar': the season the public site shows. */
export function PublicMarker() {
  return (
    <span
      css={(theme: Theme) => css`
        ${pill(theme)};
        background: ${theme.colors.primary};
        color: ${theme.colors.primaryDark};
      `}
    >
      Öffentlich sichtbar
    </span>
  );
}
