import { css, type Theme } from '@emotion/react';
import { useId } from 'react';
import { TEAM_LABELS, type TeamFilter } from '@erd/shared-contracts';

const OPTIONS: ReadonlyArray<readonly [TeamFilter, string]> = [
  ['all', 'Alle'],
  ['m', TEAM_LABELS.m],
  ['w', TEAM_LABELS.w],
];

/**
 * 'Alle' / 'Herren' / 'Damen' as a radio group (Tab into it, arrow keys to choose), drawn as a
 * segmented switch on the dark table header.
 */
export function TeamSwitch({ value, onChange }: { value: TeamFilter; onChange: (team: TeamFilter) => void }) {
  const name = useId();
  return (
    <fieldset
      css={(theme: Theme) => css`
        margin: ${theme.space(6)} 0 0;
        padding: 0;
        border: 0;
        min-width: 0;
      `}
    >
      <legend
        css={(theme: Theme) => css`
          padding: 0;
          margin-bottom: ${theme.space(2)};
          font-size: 0.875rem;
          font-weight: 700;
          letter-spacing: 0.06em;
          text-transform: uppercase;
          color: ${theme.colors.primary};
        `}
      >
        Team
      </legend>
      <div
        css={(theme: Theme) => css`
          display: inline-flex;
          max-width: 100%;
          border: 2px solid ${theme.colors.white};
          border-radius: ${theme.radius};
          overflow: hidden;
        `}
      >
        {OPTIONS.map(([option, label]) => (
          <label
            key={option}
            css={(theme: Theme) => css`
              position: relative;
              flex: 1 1 auto;
              & + & {
                border-left: 2px solid ${theme.colors.white};
              }
              & input {
                position: absolute;
                inset: 0;
                width: 100%;
                height: 100%;
                margin: 0;
                opacity: 0;
                cursor: pointer;
              }
              & span {
                display: flex;
                align-items: center;
                justify-content: center;
                min-height: 44px;
                padding: ${theme.space(2)} ${theme.space(4)};
                font-family: ${theme.fonts.headline};
                font-weight: 800;
                letter-spacing: 0.04em;
                text-transform: uppercase;
                color: ${theme.colors.white};
                ${theme.mq.sm} {
                  padding-inline: ${theme.space(6)};
                }
              }
              & input:checked + span {
                background: ${theme.colors.primary};
                color: ${theme.colors.primaryDark};
              }
              & input:hover:not(:checked) + span {
                background: rgba(255, 255, 255, 0.12);
              }
              & input:focus-visible + span {
                outline: 3px solid ${theme.colors.focus};
                outline-offset: -5px;
              }
            `}
          >
            <input type="radio" name={name} value={option} checked={value === option} onChange={() => onChange(option)} />
            <span>{label}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
