import { css, type Theme } from '@emotion/react';
import { type Ref, useId } from 'react';
import { WERBERAT_CHECK_KEYS, WERBERAT_CHECKS, type WerberatCheckKey, type WerberatChecklistDto } from '@erd/shared-contracts/backoffice';
import { FieldError } from '@erd/shared-contracts/ui';

export const EMPTY_CHECKLIST: WerberatChecklistDto = { minors: false, traffic: false, performance: false, excess: false };

export const isComplete = (checklist: WerberatChecklistDto): boolean => WERBERAT_CHECK_KEYS.every((key) => checklist[key]);

export const checklistTexts = {
  legend: 'Werberat-Checkliste',
  incomplete: 'Bitte bestätige alle vier Punkte der Checkliste, bevor du freigibst.',
} as const;

/**
 * The four points of the Deutscher Werberat's rules for alcohol advertising, each a checkbox the
 * moderator ticks when the entry keeps the rule. Publishing needs all four; a rejection stores
 * the unticked ones as broken. `shortcuts`: the keys 1–4 toggle the points (announced with
 * `aria-keyshortcuts`).
 */
export function WerberatChecklist({
  value,
  onChange,
  error,
  legend = checklistTexts.legend,
  shortcuts = false,
  firstRef,
  compact = false,
}: {
  value: WerberatChecklistDto;
  onChange: (next: WerberatChecklistDto) => void;
  error?: string | null;
  legend?: string;
  shortcuts?: boolean;
  /** The first checkbox, so a screen can move the focus here when the checklist is incomplete. */
  firstRef?: Ref<HTMLInputElement>;
  compact?: boolean;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <fieldset
      aria-describedby={error ? errorId : undefined}
      css={(theme: Theme) => css`
        margin: 0;
        padding: ${theme.space(3)} ${theme.space(4)} ${theme.space(4)};
        min-width: 0;
        width: 100%;
        border: 1px solid ${error ? theme.colors.error : theme.colors.border};
        border-radius: ${theme.radius};
        legend {
          padding: 0 ${theme.space(1)};
          font-weight: 700;
        }
      `}
    >
      <legend>{legend}</legend>
      <ul
        css={(theme: Theme) => css`
          display: flex;
          flex-direction: column;
          gap: ${theme.space(compact ? 2 : 3)};
          margin: ${theme.space(2)} 0 0;
          padding: 0;
          list-style: none;
        `}
      >
        {WERBERAT_CHECK_KEYS.map((key: WerberatCheckKey, index) => {
          const inputId = `${id}-${key}`;
          const hintId = `${inputId}-hint`;
          return (
            <li
              key={key}
              css={(theme: Theme) => css`
                display: flex;
                align-items: flex-start;
                gap: ${theme.space(3)};
              `}
            >
              <input
                id={inputId}
                ref={index === 0 ? firstRef : undefined}
                type="checkbox"
                checked={value[key]}
                onChange={(event) => onChange({ ...value, [key]: event.target.checked })}
                aria-describedby={compact ? undefined : hintId}
                aria-invalid={error && !value[key] ? true : undefined}
                aria-keyshortcuts={shortcuts ? String(index + 1) : undefined}
                css={(theme: Theme) => css`
                  flex-shrink: 0;
                  width: 22px;
                  height: 22px;
                  margin: 2px 0 0;
                  accent-color: ${theme.colors.primaryDark};
                  cursor: pointer;
                `}
              />
              <div>
                <label
                  htmlFor={inputId}
                  css={css`
                    cursor: pointer;
                    line-height: 1.4;
                  `}
                >
                  {WERBERAT_CHECKS[key].label}
                </label>
                {!compact && (
                  <p
                    id={hintId}
                    css={(theme: Theme) => css`
                      margin: ${theme.space(0.5)} 0 0;
                      font-size: 0.875rem;
                      color: ${theme.colors.textMuted};
                    `}
                  >
                    {WERBERAT_CHECKS[key].hint}
                  </p>
                )}
              </div>
            </li>
          );
        })}
      </ul>
      {error && (
        <FieldError id={errorId} role="alert">
          {error}
        </FieldError>
      )}
    </fieldset>
  );
}
