import { css, type Theme } from '@emotion/react';
import { useState } from 'react';
import { seasonAdminPaths } from '@erd/shared-contracts/api-paths';

/** `PUT`/`DELETE` of an operator's preview. */
export const PREVIEW_PATH = seasonAdminPaths.preview;

/** The bar's height: the page keeps that much room below the footer, so the bar covers nothing. */
const BAR_MIN_HEIGHT_PX = 56;

/** Ends the preview (clears its cookie) and loads the page again: the current season then. */
export async function endPreview(reload: () => void = () => window.location.reload()): Promise<void> {
  const { createHttpClient } = await import('@erd/shared-contracts/http');
  await createHttpClient().delete(PREVIEW_PATH);
  reload();
}

/**
 * Issue 26: while an operator previews a season, every page shows a fixed bar at the bottom
 * ('Vorschau: Saison 2027 – so sieht die Seite nach dem Wechsel aus') with 'Vorschau beenden'. It
 * stays above the age gate (an operator may not have confirmed it in this browser), and the page
 * keeps room for it below the footer. Loaded by `PreviewSlot` only while a preview is on.
 */
export function PreviewBar({ year, reload }: { year: number; reload?: () => void }) {
  const [state, setState] = useState<'idle' | 'ending' | 'failed'>('idle');

  const end = () => {
    setState('ending');
    endPreview(reload).catch(() => setState('failed'));
  };

  return (
    <>
      <div aria-hidden="true" css={css`height: ${BAR_MIN_HEIGHT_PX}px;`} />
      <aside
        aria-label="Vorschau"
        data-testid="preview-bar"
        css={(theme: Theme) => css`
          position: fixed;
          left: 0;
          right: 0;
          bottom: 0;
          z-index: ${theme.zIndex.ageGate + 10};
          display: flex;
          flex-wrap: wrap;
          align-items: center;
          justify-content: center;
          gap: ${theme.space(2)} ${theme.space(4)};
          min-height: ${BAR_MIN_HEIGHT_PX}px;
          padding: ${theme.space(2)} ${theme.space(4)};
          padding-bottom: calc(${theme.space(2)} + env(safe-area-inset-bottom, 0px));
          background: repeating-linear-gradient(-45deg, ${theme.colors.primary} 0 18px, #e0a800 18px 36px);
          color: ${theme.colors.primaryDark};
          border-top: 3px solid ${theme.colors.primaryDark};
          box-shadow: 0 -4px 16px rgba(11, 42, 74, 0.25);
          font-weight: 700;
          text-align: center;
        `}
      >
        <p
          role="status"
          css={css`
            margin: 0;
          `}
        >
          Vorschau: Saison {year} – so sieht die Seite nach dem Wechsel aus
        </p>
        <button
          type="button"
          onClick={end}
          disabled={state === 'ending'}
          css={(theme: Theme) => css`
            min-height: 40px;
            padding: ${theme.space(1)} ${theme.space(4)};
            border: 2px solid ${theme.colors.primaryDark};
            border-radius: ${theme.radius};
            background: ${theme.colors.primaryDark};
            color: ${theme.colors.white};
            font: inherit;
            cursor: pointer;
            &:focus-visible {
              outline: 3px solid ${theme.colors.focus};
              outline-offset: 2px;
            }
            &:disabled {
              opacity: 0.7;
              cursor: progress;
            }
          `}
        >
          Vorschau beenden
        </button>
        {state === 'failed' && <span role="alert">Die Vorschau konnte gerade nicht beendet werden. Bitte versuche es noch einmal.</span>}
      </aside>
    </>
  );
}
